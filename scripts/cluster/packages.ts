// Debian's haproxy, pgbouncer, postgresql-15 and postgresql-15-auto-failover, installed with apt-get when missing (as .ci/run installs Chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Each package with the file whose presence says it is installed. */
const PACKAGES: [pkg: string, file: string][] = [
  ['postgresql-15', `${PG_BIN}/pg_ctl`],
  ['postgresql-15-auto-failover', '/usr/bin/pg_autoctl'],
  ['pgbouncer', '/usr/sbin/pgbouncer'],
  ['haproxy', '/usr/sbin/haproxy'],
];

export const isRoot = () => process.getuid?.() === 0;

export function ensurePackages(log: (line: string) => void): void {
  const missing = PACKAGES.filter(([, file]) => !fs.existsSync(file)).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  if (!isRoot()) throw new Error(`Missing Debian packages: ${missing.join(' ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
  log(`Installing ${missing.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  // Debian starts the packaged services where it can; the cluster runs its own, on its own ports.
  for (const service of ['haproxy', 'pgbouncer']) {
    if (missing.includes(service)) {
      try {
        execFileSync('service', [service, 'stop'], { stdio: 'ignore' });
      } catch { /* not running, or no service manager */ }
    }
  }
}
