// npm run cluster: the portal as a local cluster on loopback (scripts/cluster/*, docs/scale-out.md).
// Prints the URL and the nodes, streams every child's output behind its name, stops everything on
// Ctrl-C or SIGTERM. `-- --check` starts it, runs scripts/cluster/check.ts, stops, prints one JSON line.
import { runCheck } from './check.ts';
import { runFamilyCheck } from './check-families.ts';
import { startCluster, type Cluster } from './cluster.ts';
import { HELP, readOptions } from './options.ts';
import { say } from './processes.ts';

const opts = readOptions();
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}

let cluster: Cluster | undefined;
let signalled = false;
const onSignal = (signal: string) => {
  if (signalled) return; // a second Ctrl-C waits for the first stop
  signalled = true;
  say('cluster', `${signal}: stopping`);
  void (cluster?.stop() ?? Promise.resolve()).then(() => process.exit(0));
};
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGHUP', () => onSignal('SIGHUP'));

try {
  cluster = await startCluster(opts);
} catch {
  process.exit(1);
}
if (signalled) {
  await cluster.stop();
  process.exit(0);
}

say('cluster', `Portal on ${cluster.url}  (HAProxy → ${cluster.api.map((n) => `${n.name} :${n.port}`).join(', ')}; workers: ${cluster.workers.map((w) => w.name).join(', ') || 'none'})`);
say('cluster', `PostgreSQL (pg_auto_failover: monitor :${opts.monitorPort}, nodes :${opts.nodePort} and :${opts.nodePort + 1}) through HAProxy: primary :${opts.primaryPort}, standby :${opts.replicaPort}; PgBouncer :${opts.pgbouncerPort}; data in ${opts.dataDir}`);

if (opts.check) {
  let code = 1;
  let result: object;
  try {
    const seen = opts.familyGroups > 0 ? await runFamilyCheck(cluster) : await runCheck(cluster);
    code = seen.ok ? 0 : 1;
    result = seen;
  } catch (err) {
    result = { check: 'cluster', ok: false, error: (err as Error).message };
  }
  await cluster.stop();
  console.log(JSON.stringify(result));
  process.exit(code);
} else {
  say('cluster', 'Ctrl-C stops everything.');
}
