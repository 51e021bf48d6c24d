// HAProxy in front of the API nodes: health checks on GET /api/health, round robin, and retries on
// another node after a connection failure or an empty answer — for every request when the
// connection never opened, and otherwise only for requests that change nothing.
import fs from 'node:fs';
import path from 'node:path';
// The read-only POSTs, retried like GETs: one list, shared with the portal's client.
import { READ_ONLY_POSTS } from '../../src/model/read-only-posts.ts';
import { FAMILY_COOKIE } from '../../server/http/family-cookie.ts';

export interface Backend { name: string; port: number }

/**
 * Routing by family (families.ts): the map file from family to group, and each group's nodes. A
 * caller whose cookie names a family goes to its group; the group's nodes take its requests, and
 * when none is healthy the other nodes do (checked backups: they answer that family from SQL).
 */
export interface FamilyRouting { mapFile: string; groups: { name: string; nodes: Backend[] }[] }

/**
 * Timeouts from the server's: HAProxy's `timeout http-request` covers only the headers, so it is
 * HEADERS_TIMEOUT_MS (30 s); the client and server sides may stay silent REQUEST_TIMEOUT_MS
 * (60 s) and 30 s more while an upload streams or an import is read, so a slow upload is cut by
 * the server's own 408. `socket`: the runtime API (a group grows without a reload: cluster.ts).
 */
export function haproxyConfig(opts: {
  port: number; backends: Backend[]; requestTimeoutMs: number; headersTimeoutMs: number; families?: FamilyRouting; socket?: string;
}): string {
  const slow = opts.requestTimeoutMs + 30_000;
  const checked = (nodes: Backend[], flag = '') => nodes.map((b) => `  server ${b.name} 127.0.0.1:${b.port} ${CHECKED}${flag}`).join('\n');
  // Every node failing /api/health at once means the database is failing over (its check pings it):
  // then every node takes requests anyway (unchecked backups), where they wait in PgBouncer for the
  // new primary, instead of HAProxy answering 503 to all of them.
  const fallbacks = opts.backends.map((b) => `  server ${b.name}-anyway 127.0.0.1:${b.port} backup`).join('\n');
  const groups = opts.families?.groups ?? [];
  // A family's group while one of its servers is usable; else the default backend (all nodes).
  const routing = opts.families ? [
    `  http-request set-var(txn.family_group) req.cook(${FAMILY_COOKIE}),map(${opts.families.mapFile}) if { req.cook(${FAMILY_COOKIE}) -m found }`,
    ...groups.map((g) => `  use_backend ${g.name} if { var(txn.family_group) -m str ${g.name} } { nbsrv(${g.name}) gt 0 }`),
  ].join('\n') + '\n' : '';
  const groupBackends = groups.map((g) => `
backend ${g.name}
${backendRules}
${checked(g.nodes)}
${checked(opts.backends.filter((b) => !g.nodes.some((n) => n.name === b.name)), ' backup')}
`).join('');
  return `# Written by scripts/cluster/haproxy.ts on every start.
global
  maxconn 4096
${opts.socket ? `  stats socket ${opts.socket} mode 600 level admin\n` : ''}
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
${routing}  default_backend api

backend api
${backendRules}
${checked(opts.backends)}
${fallbacks}
${groupBackends}`;
}

/**
 * A node's checks: /api/health every second, and a refused connection marks it down at once, so
 * the retry of a request it refused goes elsewhere. Without that, a group of one node kept
 * getting its family's retries until two checks had failed (0.25–1 s): they all failed.
 */
export const CHECKED = 'check observe layer4 error-limit 1 on-error mark-down';

/** Every backend's balancing, health checks and retries. */
const backendRules = `  balance roundrobin
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
  option allbackups`;

export function writeHaproxyConfig(dataDir: string, opts: Parameters<typeof haproxyConfig>[0]): string {
  const file = path.join(dataDir, 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig(opts));
  return file;
}
