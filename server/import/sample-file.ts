// Import files made from a database's own catalogue: purchase lines of real merchants (named by
// platform id or by account number, as files do both), real houses and items, deterministic
// from a seed. The benchmark writes millions of them; the tests a few hundred.
import fs from 'node:fs';
import { once } from 'node:events';
import Papa from 'papaparse';
import type pg from 'pg';
import { IMPORT_COLUMNS, type ImportColumn } from '../../src/model/purchase-import.ts';
import { randomFor } from '../seed/random.ts';

export type SampleRow = Record<ImportColumn, string>;

export interface SampleSource {
  accounts: { merchant: string; distributor: string; dcn: string }[];
  items: { min: string; description: string; manufacturer: string; category: string; pack: string; uom: string; weight: string; price: number }[];
}

export async function sampleSource(pool: pg.Pool): Promise<SampleSource> {
  const { rows: accounts } = await pool.query<SampleSource['accounts'][number]>(
    `select m.platform_id as merchant, d.platform_id as distributor, a.dcn
       from merchant_accounts a join merchants m on m.id = a.merchant_id join distributors d on d.id = a.distributor_id
      where a.dcn <> '' -- an account without a number (the demo has one) cannot be named by it
      order by a.merchant_id, a.distributor_id`);
  // A typical price per item from a 1 % sample of its lines (a full scan of 20M lines would take
  // longer than the import), so generated volumes look like the real ones.
  const { rows: items } = await pool.query<SampleSource['items'][number]>(
    `select i.min, i.description, m.platform_id as manufacturer, c.name as category, coalesce(i.pack, '') as pack,
            coalesce(i.uom, '') as uom, coalesce(i.weight::text, '') as weight, coalesce(p.price, 20)::float8 as price
       from items i join manufacturers m on m.id = i.manufacturer_id join categories c on c.id = i.category_id
       left join (select item_id, avg(unit_price) as price from purchase_lines tablesample system (1) group by item_id) p
         on p.item_id = i.id
      order by i.id`);
  return { accounts, items };
}

/** `count` rows dated between `from` and `to` (YYYY-MM-DD), a few lines per invoice. */
export function* sampleRows(source: SampleSource, count: number, opts: { seed: string; from: string; to: string }): Generator<SampleRow> {
  const r = randomFor(opts.seed);
  const first = Date.parse(`${opts.from}T00:00:00Z`) / 86_400_000;
  const days = Date.parse(`${opts.to}T00:00:00Z`) / 86_400_000 - first + 1;
  let invoice = 0;
  for (let made = 0; made < count;) {
    const account = source.accounts[r.int(0, source.accounts.length - 1)]!;
    const date = new Date((first + r.int(0, days - 1)) * 86_400_000).toISOString().slice(0, 10);
    const invoiceId = `IMP-${opts.seed}-${++invoice}`;
    for (let k = r.int(3, 12); k > 0 && made < count; k--, made++) {
      const item = source.items[r.int(0, source.items.length - 1)]!;
      const market = item.price * r.float(0.95, 1.05);
      const byAccount = r.chance(0.5);
      yield {
        distributor_platform_id: account.distributor,
        merchant_platform_id: byAccount ? '' : account.merchant,
        merchant_account_number: byAccount ? account.dcn : '',
        invoice_id: invoiceId,
        invoice_date: date,
        min: item.min,
        description: item.description,
        manufacturer_platform_id: item.manufacturer,
        manufacturer_name: '',
        category: item.category,
        pack: item.pack,
        uom: item.uom,
        weight: item.weight,
        quantity: String(r.int(1, 10)),
        unit_price: r.chance(0.08) ? '' : (market * r.float(0.97, 1.03)).toFixed(2),
        market_index_low: (market * 0.92).toFixed(2),
        market_index_high: (market * 1.08).toFixed(2),
      };
    }
  }
}

/** Writes rows as an import CSV (header first), streaming. */
export async function writeImportCsv(path: string, rows: Iterable<SampleRow>): Promise<void> {
  const out = fs.createWriteStream(path);
  out.write(IMPORT_COLUMNS.join(',') + '\r\n');
  let chunk: string[][] = [];
  const flush = async () => {
    if (!chunk.length) return;
    if (!out.write(Papa.unparse(chunk) + '\r\n')) await once(out, 'drain');
    chunk = [];
  };
  for (const row of rows) {
    chunk.push(IMPORT_COLUMNS.map((c) => row[c]));
    if (chunk.length === 5000) await flush();
  }
  await flush();
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}
