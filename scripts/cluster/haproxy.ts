// HAProxy in front of the API nodes: health checks on GET /api/health, round robin, and retries on
// another node after a connection failure or an empty answer — for every request when the
// connection never opened, and otherwise only for requests that change nothing.
import fs from 'node:fs';
import path from 'node:path';
// The read-only POSTs, retried like GETs: one list, shared with the portal's client.
import { READ_ONLY_POSTS } from '../../src/model/read-only-posts.ts';

export interface Backend { name: string; port: number }

/**
 * Timeouts from the server's: HAProxy's `timeout http-request` covers only the headers, so it is
 * HEADERS_TIMEOUT_MS (30 s); the client and server sides may stay silent REQUEST_TIMEOUT_MS
 * (60 s) and 30 s more while an upload streams or an import is read, so a slow upload is cut by
 * the server's own 408.
 */
export function haproxyConfig(opts: { port: number; backends: Backend[]; requestTimeoutMs: number; headersTimeoutMs: number }): string {
  const slow = opts.requestTimeoutMs + 30_000;
  const servers = opts.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n');
  // Every node failing /api/health at once means the database is failing over (its check pings it):
  // then every node takes requests anyway (unchecked backups), where they wait in PgBouncer for the
  // new primary, instead of HAProxy answering 503 to all of them.
  const fallbacks = opts.backends.map((b) => `  server ${b.name}-anyway 127.0.0.1:${b.port} backup`).join('\n');
  return `# Written by scripts/cluster/haproxy.ts on every start.
global
  maxconn 4096

defaults
  mode http
  option dontlognull
  timeout connect 2s
  timeout http-request ${Math.min(opts.headersTimeoutMs, opts.requestTimeoutMs)}ms
  timeout client ${slow}ms
  timeout server ${slow}ms
  timeout queue 30s
  timeout http-keep-alive 15s
  timeout check 2s

frontend portal
  bind 127.0.0.1:${opts.port}
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fastinter 250ms downinter 1s fall 2 rise 2
  # A retry goes to another node (redispatch on every retry). 503 is what a node that is
  # shutting down answers on a kept-alive connection (Fastify's return503OnClosing).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response junk-response 503
  acl idempotent method GET HEAD OPTIONS
  acl read_only_post method POST
  acl read_only_path path ${READ_ONLY_POSTS.join(' ')}
  # A request sent but not answered is retried only when sending it twice changes nothing;
  # a connection that never opened is retried whatever the method.
  http-request disable-l7-retry unless idempotent or read_only_post read_only_path
  http-response set-header X-Served-By %s
  option allbackups
${servers}
${fallbacks}
`;
}

export function writeHaproxyConfig(dataDir: string, opts: Parameters<typeof haproxyConfig>[0]): string {
  const file = path.join(dataDir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(opts));
  return file;
}
