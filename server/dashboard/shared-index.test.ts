import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStart } from '../repositories/dashboard-range.ts';
import { addLinesAsAnImportDoes } from '../testing/add-lines.ts';
import { seededScratchDatabase, testTargets } from '../testing/databases.ts';
import { loadDashboardIndex, type DashboardIndex } from './dashboard-index-load.ts';
import { dashboardMemory } from './dashboard-memory.ts';

const today = new Date();
const from = monthStart(today, 12);
const to = monthStart(today, 0);

/** Every kind of answer the index gives, for the house, a subset and a merchant it does not know. */
function answers(index: DashboardIndex, houseId: number, familyIds: number[]) {
  const all = index.directory.houseMerchants.get(houseId)!;
  const subsets = [all, all.slice(2, 30), [all[4]!, all[4]!, 999_999]];
  return {
    version: index.version,
    lost: [index.houses.get(houseId)!.lost('all', from, to), ...subsets.slice(1).map((ids) => index.houses.get(houseId)!.lost(ids, from, to))],
    volumes: subsets.map((ids) => index.volumes!.byMerchant(ids, from, to)),
    sellers: [
      index.sellers!.houseBySellerMonth(houseId, from, to),
      ...subsets.map((ids) => [
        index.sellers!.bySellerMonth(ids, from, to), index.sellers!.byMerchantSeller(ids, from, to),
        index.sellers!.monthly(ids, monthStart(today, 6), monthStart(today, 1)),
        index.sellers!.familyMonths(ids, familyIds, monthStart(today, 1), monthStart(today, 2)),
      ]),
    ],
    merchants: index.directory.list(houseId, all, 'account'),
  };
}

describe.each(testTargets())('the index shared by the API processes of a machine, on $name', ({ adminUrl }) => {
  let db: { pool: pg.Pool; drop(): Promise<void> };
  let dir: string;
  let boston: { id: number; family: number[] };
  /** The index builds started on `pool` (the only callers of pool.connect() without a callback). */
  let builds = 0;
  let pool: pg.Pool;
  const logged: string[] = [];
  const memory = () => dashboardMemory(pool, { shared: dir, log: (m) => logged.push(m) });
  const files = () => fs.readdirSync(dir).sort();

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 60, months: 13 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-index-'));
    pool = new Proxy(db.pool, {
      get: (target, key) => (key === 'connect'
        ? (...args: unknown[]) => ((args.length === 0 && builds++), (target.connect as (...a: unknown[]) => unknown).apply(target, args))
        : Reflect.get(target, key, target)),
    });
    const { rows } = await db.pool.query<{ id: number; family: number[] }>(
      `select d.id, array(select id from distributors where coalesce(parent_id, id) = coalesce(d.parent_id, d.id)) as family
         from distributors d where nickname = 'Harbor Foods Boston'`);
    boston = rows[0]!;
  });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is built once for two processes, and each answers from the file exactly as an index of its own', async () => {
    const [a, b] = await Promise.all([memory().built(), memory().built()]);
    expect(builds).toBe(1);
    const own = await loadDashboardIndex(db.pool);
    const expected = answers(own, boston.id, boston.family);
    expect(answers(a!, boston.id, boston.family)).toEqual(expected);
    expect(answers(b!, boston.id, boston.family)).toEqual(expected);
    expect(files()).toEqual([expect.stringMatching(new RegExp(`^dashboard-\\d+-\\d+-all-${own.version}\\.idx$`))]);
  });

  it('is mapped, not built, by a process started later (a spare, a restart on the same data)', async () => {
    const before = builds;
    const index = await memory().built();
    expect(builds).toBe(before);
    expect(answers(index!, boston.id, boston.family)).toEqual(answers(await loadDashboardIndex(db.pool), boston.id, boston.family));
  });

  it('is built again when its file was cut short, and the bad file is said and replaced', async () => {
    const [file] = files();
    fs.truncateSync(path.join(dir, file!), fs.statSync(path.join(dir, file!)).size - 100);
    const before = builds;
    const index = await memory().built();
    expect(builds).toBe(before + 1);
    expect(logged.join('\n')).toMatch(/not used: .*cut short/);
    expect(answers(index!, boston.id, boston.family)).toEqual(answers(await loadDashboardIndex(db.pool), boston.id, boston.family));
    expect(files()).toEqual([file]);
  });

  it('is built by the next process when the one building it was killed (its lock left behind)', async () => {
    const [file] = files();
    fs.rmSync(path.join(dir, file!));
    const dead = Number(execFileSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }));
    fs.writeFileSync(path.join(dir, file!.replace(/-\d+\.idx$/, '.lock')), String(dead));
    const index = await memory().built();
    expect(index!.version).toBe(answers(await loadDashboardIndex(db.pool), boston.id, boston.family).version);
    expect(files()).toEqual([file]);
  });

  it('of a new data version is a new file, and the older one is removed', async () => {
    const [old] = files();
    const shared = memory();
    const before = (await shared.built())!;
    await addLinesAsAnImportDoes(db.pool, `insert into purchase_lines (merchant_id, distributor_id, invoice_id, invoice_date, item_id, manufacturer_id, category_id, quantity, unit_price)
               select $1, (select id from distributors where nickname = 'Summit Provisions Hartford'), 'SHARED-INDEX-TEST', current_date - 1,
                      i.id, i.manufacturer_id, i.category_id, 1000, 99.99 from items i order by i.id limit 1`,
    [before.directory.houseMerchants.get(boston.id)![0]], 'SHARED-INDEX-TEST');
    const after = (await shared.built())!;
    expect(after.version).not.toBe(before.version);
    expect(files()).toEqual([old!.replace(/-\d+\.idx$/, `-${after.version}.idx`)]);
    const expected = answers(await loadDashboardIndex(db.pool), boston.id, boston.family);
    expect(answers(after, boston.id, boston.family)).toEqual(expected);
    expect(answers(after, boston.id, boston.family)).not.toEqual(answers(before, boston.id, boston.family));
  });
});
