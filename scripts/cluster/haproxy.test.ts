import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED, haproxyConfig } from './haproxy.ts';

const nodes = [{ name: 'api-1', port: 8101 }, { name: 'api-2', port: 8102 }, { name: 'api-3', port: 8103 }];
const config = (mapFile = '/tmp/families.map') => haproxyConfig({
  port: 8000, backends: nodes, requestTimeoutMs: 60_000, headersTimeoutMs: 30_000, socket: '/tmp/haproxy.sock',
  families: { mapFile, groups: [{ name: 'group-1', nodes: [nodes[0]!, nodes[2]!] }, { name: 'group-2', nodes: [nodes[1]!] }] },
});
const section = (text: string, name: string) => text.split(/\n(?=backend |frontend )/).find((s) => s.startsWith(name))!;
const servers = (text: string) => [...text.matchAll(/^ {2}server (\S+) \S+ ?(.*)$/gm)].map((m) => `${m[1]} ${m[2]}`);

describe('HAProxy routing by family', () => {
  it("sends a family's callers to its group while one of its nodes is usable, others to every node", () => {
    const frontend = section(config(), 'frontend portal');
    expect(frontend).toContain('http-request set-var(txn.family_group) req.cook(portal_family),map(/tmp/families.map) if { req.cook(portal_family) -m found }');
    expect(frontend).toContain('use_backend group-2 if { var(txn.family_group) -m str group-2 } { nbsrv(group-2) gt 0 }');
    expect(frontend).toMatch(/default_backend api\n/);
  });

  it("gives each group its nodes, then every other node as a checked backup (they answer from SQL)", () => {
    const checked = (name: string, flag = '') => `${name} ${CHECKED}${flag}`;
    expect(servers(section(config(), 'backend group-1'))).toEqual([checked('api-1'), checked('api-3'), checked('api-2', ' backup')]);
    expect(servers(section(config(), 'backend group-2'))).toEqual([checked('api-2'), checked('api-1', ' backup'), checked('api-3', ' backup')]);
    expect(servers(section(config(), 'backend api'))).toEqual([...nodes.map((n) => checked(n.name)), 'api-1-anyway backup', 'api-2-anyway backup', 'api-3-anyway backup']);
  });

  it.runIf(fs.existsSync('/usr/sbin/haproxy'))('is a configuration HAProxy accepts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
    fs.writeFileSync(path.join(dir, 'families.map'), '4 group-1\n9 group-2\n');
    fs.writeFileSync(path.join(dir, 'haproxy.cfg'), config(path.join(dir, 'families.map')));
    expect(execFileSync('/usr/sbin/haproxy', ['-c', '-f', path.join(dir, 'haproxy.cfg')], { encoding: 'utf8' })).toMatch(/valid/);
    fs.rmSync(dir, { recursive: true });
  });
});
