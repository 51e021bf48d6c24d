import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleDashboard } from '../dashboard/assemble.ts';
import { monthStart, monthsOf } from '../repositories/dashboard-range.ts';
import { rawDashboardRepository } from '../repositories/raw-dashboard.ts';
import { INSIGHTS_ROLLUPS } from '../rollups/insights-rollups.ts';
import { MERCHANT_ROLLUPS, ACCOUNT_ROLLUPS, RUNNING_ROLLUPS, refreshRollups } from '../rollups/rollups.ts';
import { seededScratchDatabase, testTargets, type ScratchDatabase } from '../testing/databases.ts';
import { callAs, loginToken } from '../testing/portal-callers.ts';
import { testApp } from '../testing/test-app.ts';
import { IMPORT_COLUMNS } from '../../src/model/purchase-import.ts';
import type { DashboardResponse } from '../../src/model/dashboard.ts';
import { importPurchaseFile } from './import-file.ts';
import { sampleRows, sampleSource, writeImportCsv, type SampleRow, type SampleSource } from './sample-file.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = new Date();
const todayIso = iso(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
const ROLLUP_TABLES = [...MERCHANT_ROLLUPS.map(([t]) => t), ...ACCOUNT_ROLLUPS.map(([t]) => t), ...RUNNING_ROLLUPS,
  ...INSIGHTS_ROLLUPS.map(([t]) => t)];

describe.each(testTargets())('purchase import on $name', ({ adminUrl }) => {
  let db: ScratchDatabase;
  let dir: string;
  let source: SampleSource;
  let files = 0;
  const q = async <T = Record<string, unknown>>(sql: string, args: unknown[] = []) => (await db.pool.query(sql, args)).rows as T[];
  const count = async (sql: string, args: unknown[] = []) => Number((await q<{ n: string }>(sql, args))[0]!.n);
  const lineCount = () => count('select count(*) as n from purchase_lines');

  async function csvFile(rows: Iterable<SampleRow>): Promise<string> {
    const file = path.join(dir, `batch-${++files}.csv`);
    await writeImportCsv(file, rows);
    return file;
  }
  /** Every rollup table's rows, as text, to compare one state of the rollups with another. */
  async function rollupContents(): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of ROLLUP_TABLES) {
      out[table] = (await q<{ r: string }>(`select t::text as r from ${table} t order by 1`)).map((x) => x.r);
    }
    return out;
  }

  beforeAll(async () => {
    db = await seededScratchDatabase(adminUrl, { merchants: 40, months: 4 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-'));
    source = await sampleSource(db.pool);
  });
  afterAll(async () => {
    await db?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('after an import into a seeded database every rollup equals a full rebuild, and the dashboard equals the raw lines', async () => {
    const app: FastifyInstance = (await testApp(db.pool)).app;
    try {
      const leader = callAs(app, await loginToken(app, 'leader@harbor.test'));
      const [{ boston }] = await q<{ boston: number }>(`select id as boston from distributors where nickname = 'Harbor Foods Boston'`);
      await leader.post(`/user/active-distributor/${boston}`);
      const family = (await q<{ id: number }>(`select id from distributors where nickname like 'Harbor Foods%'`)).map((r) => r.id);
      const from = monthStart(today, 2);
      const body = { startDate: from, endDate: todayIso, showRebates: 1, showDeviations: 1, merchants: [] };
      const before = (await leader.post('/dashboard', body)).json() as DashboardResponse;

      // Two months of lines, and a new item from a new manufacturer in a new category.
      const rows = [...sampleRows(source, 600, { seed: 'rollups', from, to: todayIso })];
      const newItem = { ...rows[0]!, min: 'NEW-0001', description: 'Oat milk 12/32 OZ', manufacturer_platform_id: 'MF-999001',
        manufacturer_name: 'Oatly Test', category: 'Plant Milk', unit_price: '41.50' };
      const summary = await importPurchaseFile(db.pool, await csvFile([...rows, newItem]));
      expect(summary).toMatchObject({ status: 'loaded', rowsRead: 601, linesLoaded: 601, rejects: 0, itemsCreated: 1,
        manufacturersCreated: 1, categoriesCreated: 1 });

      const incremental = await rollupContents();
      await refreshRollups(db.pool);
      const full = await rollupContents();
      for (const table of ROLLUP_TABLES) {
        expect(incremental[table]!.length, table).toBeGreaterThan(0);
        expect(incremental[table], table).toEqual(full[table]);
      }

      const after = (await leader.post('/dashboard', body)).json() as DashboardResponse;
      const sel = { distributorId: boston!, familyIds: family, all: true, merchantIds: [] };
      const raw = rawDashboardRepository(db.pool);
      const [sellerMonths, lost, byMerchant] = await Promise.all(
        [raw.bySellerMonth(sel, from, todayIso), raw.lost(sel, from, todayIso), raw.byMerchant(sel, from, todayIso)]);
      const names = await q<{ id: number; nickname: string }>('select id, nickname from distributors');
      expect(after).toEqual(assembleDashboard({
        sellerMonths, lost, byMerchant, months: monthsOf(from, todayIso),
        days: Math.round((Date.parse(todayIso) - Date.parse(from)) / DAY) + 1, familyIds: family,
        sellerNames: new Map(names.map((d) => [d.id, d.nickname])), showRebates: true, showDeviations: true,
      }));
      expect(after.totalVolume).toBeGreaterThan(before.totalVolume);
    } finally {
      await app.close();
    }
  });

  it('a file with a month after the data (the running totals grow a month) still equals a full rebuild', async () => {
    const next = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 3));
    await importPurchaseFile(db.pool, await csvFile(sampleRows(source, 80, { seed: 'next-month', from: iso(next.getTime()), to: iso(next.getTime()) })));
    const incremental = await rollupContents();
    await refreshRollups(db.pool);
    expect(incremental).toEqual(await rollupContents());
  });

  it('a batch whose every rollup row already exists, plus a month before the data, still equals a full rebuild', async () => {
    // The same purchases as earlier batch's under other invoice numbers: each lands on rollup rows
    // that exist, so only the additions are tested; one line before the first month grows the grid.
    const rows = [...sampleRows(source, 300, { seed: 'rollups', from: monthStart(today, 2), to: todayIso })]
      .map((row) => ({ ...row, invoice_id: `again-${row.invoice_id}` }));
    const [{ first }] = await q<{ first: string }>(`select (min(invoice_date) - 40)::text as first from purchase_lines`);
    const summary = await importPurchaseFile(db.pool, await csvFile([...rows, { ...rows[0]!, invoice_date: first! }]));
    expect(summary).toMatchObject({ status: 'loaded', linesLoaded: 301 });
    const incremental = await rollupContents();
    await refreshRollups(db.pool);
    expect(incremental).toEqual(await rollupContents());
  });

  it('loading the same file twice adds nothing the second time and says it was already loaded', async () => {
    const file = await csvFile(sampleRows(source, 120, { seed: 'twice', from: monthStart(today, 1), to: todayIso }));
    const first = await importPurchaseFile(db.pool, file);
    const lines = await lineCount();
    const rollups = await rollupContents();
    const second = await importPurchaseFile(db.pool, file);
    expect(second).toMatchObject({ status: 'already-loaded', batchId: first.batchId, linesLoaded: 120, sha256: first.sha256 });
    expect(await lineCount()).toBe(lines);
    expect(await rollupContents()).toEqual(rollups);
    expect(await count('select count(*) as n from purchase_lines where import_batch_id = $1', [first.batchId])).toBe(120);
  });

  it('bad rows go to the reject file with their line number and reason; the good ones are loaded', async () => {
    const [good, other] = [...sampleRows(source, 2, { seed: 'rejects', from: monthStart(today, 1), to: todayIso })];
    const known = source.items.find((i) => i.manufacturer !== good!.manufacturer_platform_id)!;
    const bad: [SampleRow, string][] = [
      [{ ...good!, distributor_platform_id: 'CP-000000' }, 'unknown distributor CP-000000'],
      [{ ...good!, merchant_platform_id: 'MP-999999999', merchant_account_number: '' }, 'unknown merchant MP-999999999'],
      [{ ...good!, merchant_platform_id: '', merchant_account_number: 'NOPE-1' }, `no merchant has account number NOPE-1 at ${good!.distributor_platform_id}`],
      [{ ...good!, invoice_date: '2026-02-30' }, 'invoice_date must be a date between 2000-01-01 and 2099-12-31 as YYYY-MM-DD'],
      [{ ...good!, quantity: 'twelve' }, 'quantity must be a number above 0 like 12.50 (at most 4 decimals)'],
      [{ ...good!, market_index_low: '9', market_index_high: '3' }, 'market_index_low must not exceed market_index_high'],
      [{ ...good!, min: known.min }, `MIN ${known.min} belongs to manufacturer ${known.manufacturer}, not ${good!.manufacturer_platform_id}`],
      [{ ...good!, min: 'NEW-0002', description: '' }, 'description is required for MIN NEW-0002, which is not in the catalogue yet'],
      [{ ...good!, min: 'NEW-0003', manufacturer_platform_id: 'MF-999777' },
        'manufacturer_name is required for manufacturer MF-999777, which is not in the catalogue yet'],
    ];
    const lines = await lineCount();
    // Line 1 is the header; the good rows are lines 2 and 12.
    const file = await csvFile([good!, ...bad.map(([row]) => row), other!]);
    const summary = await importPurchaseFile(db.pool, file);
    expect(summary).toMatchObject({ status: 'loaded', rowsRead: 11, linesLoaded: 2, rejects: 9, rejectPath: `${file}.rejects.csv` });
    expect(await lineCount()).toBe(lines + 2);

    const rejects = Papa.parse<string[]>(fs.readFileSync(`${file}.rejects.csv`, 'utf8').trim()).data;
    expect(rejects[0]).toEqual(['line', 'reason', ...IMPORT_COLUMNS]);
    expect(rejects.slice(1).map((r) => [Number(r[0]), r[1]])).toEqual(bad.map(([, reason], i) => [i + 3, reason]));
    expect(rejects[3]!.slice(2)).toEqual(IMPORT_COLUMNS.map((c) => bad[2]![0][c])); // the row as it was, to fix and load again
  });

  it('an XLSX file (dates, numbers and text as a spreadsheet types them) imports the same lines and rejects as the same rows in a CSV', async () => {
    const rows = [...sampleRows(source, 40, { seed: 'xlsx', from: monthStart(today, 1), to: todayIso })];
    rows[3] = { ...rows[3]!, quantity: 'twelve' };
    const csv = await importPurchaseFile(db.pool, await csvFile(rows));
    // The same rows under other invoice numbers (another batch, not the same file's lines twice).
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Purchases');
    sheet.addRow([...IMPORT_COLUMNS]);
    const numeric = new Set(['quantity', 'unit_price', 'market_index_low', 'market_index_high', 'weight']);
    for (const row of rows) {
      sheet.addRow(IMPORT_COLUMNS.map((c) => {
        const text = c === 'invoice_id' ? `x-${row[c]}` : row[c];
        if (c === 'invoice_date') return new Date(`${text}T00:00:00Z`);
        return numeric.has(c) && text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
      }));
    }
    const file = path.join(dir, 'purchases.xlsx');
    await workbook.xlsx.writeFile(file);
    const xlsx = await importPurchaseFile(db.pool, file);

    const pick = ({ status, rowsRead, linesLoaded, rejects }: typeof csv) => ({ status, rowsRead, linesLoaded, rejects });
    expect(pick(xlsx)).toEqual({ status: 'loaded', rowsRead: 40, linesLoaded: 39, rejects: 1 });
    expect(pick(xlsx)).toEqual(pick(csv));
    // Numbers compare as numbers (a sheet's 41.5 is the CSV's 41.50).
    const lines = (batch: number) => `select merchant_id, distributor_id, substr(invoice_id, ${batch === xlsx.batchId ? 3 : 1}), invoice_date,
        item_id, quantity, unit_price, start_guidance, end_guidance from purchase_lines where import_batch_id = ${batch}`;
    expect(await count(`select count(*) as n from ((${lines(csv.batchId)} except all ${lines(xlsx.batchId)})
      union all (${lines(xlsx.batchId)} except all ${lines(csv.batchId)})) d`)).toBe(0);
    const reasons = (p: string) => Papa.parse<string[]>(fs.readFileSync(p, 'utf8').trim()).data.slice(1).map((r) => [r[0], r[1]]);
    expect(reasons(xlsx.rejectPath!)).toEqual([['5', 'quantity must be a number above 0 like 12.50 (at most 4 decimals)']]);
    expect(reasons(xlsx.rejectPath!)).toEqual(reasons(csv.rejectPath!));
  });

  it('a file whose header lacks a column is refused whole, saying which', async () => {
    const file = path.join(dir, 'no-quantity.csv');
    fs.writeFileSync(file, IMPORT_COLUMNS.filter((c) => c !== 'quantity').join(',') + '\n');
    await expect(importPurchaseFile(db.pool, file)).rejects.toThrow('missing column quantity');
    // The admin reads the columns in the message itself, not in a file of the repository.
    await expect(importPurchaseFile(db.pool, file)).rejects.toThrow(/The header must name the columns distributor_platform_id, invoice_id, .*quantity, unit_price/);
    await expect(importPurchaseFile(db.pool, file)).rejects.not.toThrow(/docs\/import\.md/);
    expect(await count('select count(*) as n from import_batches where file_name = $1', [file])).toBe(0);
  });

  it("an empty file is refused naming the admin's own file, not where the server keeps it", async () => {
    const file = path.join(dir, 'upload-7f3a.csv');
    fs.writeFileSync(file, '');
    const refused = importPurchaseFile(db.pool, file, { fileName: 'March purchases.csv' });
    await expect(refused).rejects.toThrow(/^March purchases\.csv is empty: the first line must be the header\./);
    await expect(importPurchaseFile(db.pool, file, { fileName: 'March purchases.csv' })).rejects.not.toThrow(dir);
  });

  it('npm run import killed with SIGKILL while copying leaves nothing of the batch; run again, it loads', async () => {
    const file = await csvFile(sampleRows(source, 40_000, { seed: 'sigkill', from: monthStart(today, 2), to: todayIso }));
    const lines = await lineCount();
    const rollups = await rollupContents();
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file],
      { env: { ...process.env, DATABASE_URL: db.url }, stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const copying = `select pid from pg_stat_activity where datname = current_database() and query like 'copy import_staging%'`;
    let pids: { pid: number }[] = [];
    for (let waited = 0; !pids.length && waited < 30_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
      pids = await q<{ pid: number }>(copying);
    }
    expect(pids.length, 'the import reached COPY').toBe(1);
    child.kill('SIGKILL');
    await exited;
    // PostgreSQL notices the dropped connection and rolls its transaction back.
    for (let waited = 0; (await q(`select 1 from pg_stat_activity where pid = $1`, [pids[0]!.pid])).length && waited < 10_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await lineCount()).toBe(lines);
    expect(await rollupContents()).toEqual(rollups);
    expect(await count('select count(*) as n from import_batches where file_name = $1', [file])).toBe(0);
    expect(await importPurchaseFile(db.pool, file)).toMatchObject({ status: 'loaded', linesLoaded: 40_000 });
  });

  it.each([
    ['stops while reading the file (progress callback fails after the first rows)', 'reading'],
    ['fails in the database at the very end (the batch row is refused)', 'commit'],
  ])('a batch that %s leaves nothing of it: no lines, items, rollups or batch; loading again then works', async (_name, where) => {
    const rows = [...sampleRows(source, 3000, { seed: `fail-${where}`, from: monthStart(today, 2), to: todayIso })];
    rows[5] = { ...rows[5]!, min: `NEW-${where}`, description: 'Test item', category: 'Plant Milk' };
    const file = await csvFile(rows);
    const lines = await lineCount();
    const items = await count('select count(*) as n from items');
    const rollups = await rollupContents();
    if (where === 'commit') {
      await q(`create function refuse_batch() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
      await q('create trigger refuse_batch before update on import_batches for each row execute function refuse_batch()');
    }
    try {
      await expect(importPurchaseFile(db.pool, file, {
        onProgress: (p) => { if (where === 'reading' && p.rowsRead >= 1000) throw new Error('killed'); },
      })).rejects.toThrow(where === 'reading' ? 'killed' : 'disk full');
    } finally {
      await q('drop trigger if exists refuse_batch on import_batches');
      await q('drop function if exists refuse_batch()');
    }
    expect(await lineCount()).toBe(lines);
    expect(await count('select count(*) as n from items')).toBe(items);
    expect(await rollupContents()).toEqual(rollups);
    expect(await count('select count(*) as n from import_batches where file_name = $1', [file])).toBe(0);

    expect(await importPurchaseFile(db.pool, file)).toMatchObject({ status: 'loaded', linesLoaded: 3000, itemsCreated: 1 });
    expect(await lineCount()).toBe(lines + 3000);
  });
});
