// Waiting for what the cluster starts: a port that accepts connections, a health URL that answers 200.
import net from 'node:net';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something listens on the loopback port. */
export function isPortOpen(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await isPortOpen(port)) return;
    if (Date.now() > until) throw new Error(`${what} did not open port ${port} within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** Polls until the URL answers 200; `gone` rejects the wait early (the process died meanwhile). */
export async function waitForHealth(url: string, timeoutMs: number, what: string, gone?: Promise<unknown>): Promise<void> {
  const until = Date.now() + timeoutMs;
  let dead = false;
  void gone?.then(() => { dead = true; });
  for (;;) {
    if (dead) throw new Error(`${what} exited before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch { /* not yet */ }
    if (Date.now() > until) throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
    await sleep(300);
  }
}
