import type { Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { TrustProxy } from './trust-proxy.ts';

/** proxy-addr's named ranges, as TRUST_PROXY may name them. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** '::ffff:10.0.0.7' (an IPv4 client of a dual-stack socket) is 10.0.0.7. */
function plain(address: string): string {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : '';
  return isIP(v4) === 4 ? v4 : address;
}

/**
 * The addresses the per-address cap leaves alone: the proxies TRUST_PROXY names, through which
 * every client of the portal arrives, and loopback (`always`; no remote client comes from there,
 * while a reverse proxy on this machine, the benches and the browser tests all do). A hop count
 * trusts whatever peer a connection comes from, so it leaves the cap to the load balancer.
 */
export function exemptFromCap(trust: TrustProxy, always = ['loopback']): (address: string) => boolean {
  if (typeof trust === 'number') return () => true;
  const list = new BlockList();
  for (const entry of [...(trust || []), ...always]) {
    for (const range of NAMED[entry] ?? [entry]) {
      const [ip = '', bits] = range.split('/');
      const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(ip, family);
      else list.addSubnet(ip, Number(bits), family);
    }
  }
  return (address) => {
    const ip = plain(address);
    return list.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * At most `max` open connections per client address: the one over it is closed at once, before
 * Node reads a byte of it, so one client cannot take every socket and parser of the process.
 * Each API process counts only the connections node:cluster handed it.
 */
export function capConnectionsPerAddress(server: Server, max: number, exempt: (address: string) => boolean): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || exempt(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
