// PgBouncer in transaction pooling mode in front of the primary (HAProxy's port for whichever
// PostgreSQL node is primary now, scripts/cluster/pg-routing.ts): the API nodes' DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE } from './postgres.ts';

export function writePgbouncerConfig(dataDir: string, opts: { port: number; primaryPort: number; poolSize: number }): string {
  const dir = path.join(dataDir, 'pgbouncer');
  fs.mkdirSync(dir, { recursive: true });
  const userlist = path.join(dir, 'userlist.txt');
  // Trust on loopback, like the databases behind it: the user only has to be listed.
  fs.writeFileSync(userlist, '"postgres" ""\n');
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(ini, `;; Written by scripts/cluster/pgbouncer.ts on every start.
[databases]
${DATABASE} = host=127.0.0.1 port=${opts.primaryPort} dbname=${DATABASE}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${opts.port}
unix_socket_dir =
auth_type = trust
auth_file = ${userlist}
admin_users = postgres
pool_mode = transaction
max_client_conn = 2000
default_pool_size = ${opts.poolSize}
reserve_pool_size = 5
server_reset_query =
; node-postgres sends none of these, other clients (psql, pg-boss) may
ignore_startup_parameters = extra_float_digits,options,application_name
server_check_delay = 10
; After a failover the new primary is there within seconds: a failed login is tried again after
; 1 s, not 15 (meanwhile new clients are refused at once).
server_login_retry = 1
log_connections = 0
log_disconnections = 0
`);
  return ini;
}
