// npm run import: one CSV or XLSX file of purchase lines (docs/import.md) is one batch, loaded in a
// single transaction: the lines, any new catalogue entries, the rollups they change and the
// batch's row in import_batches commit together or not at all. The file's SHA-256 names the
// batch, so the same file loaded again adds nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { decodeImportRow, importColumnsHint, IMPORT_COLUMNS, OPTIONAL_IMPORT_COLUMNS } from '../../src/model/purchase-import.ts';
import { inTransaction } from '../db/transaction.ts';
import { copyLine } from '../db/copy.ts';
import { addLinesToRollups } from '../rollups/incremental-rollups.ts';
import { createCatalogueEntries, loadCatalogue, type StagedLine } from './catalogue.ts';
import type { SheetOptions } from '../uploads/sheet-thread.ts';
import { fileRows } from './file-rows.ts';
import type { ImportProgress } from './progress.ts';
import { rejectFile } from './reject-file.ts';

export interface ImportOptions {
  /** Where rejected rows go; default FILE.rejects.csv beside the file. */
  rejectPath?: string;
  /** The name the batch keeps (default: the path), e.g. the admin's own file name for an upload. */
  fileName?: string;
  /** Called every few hundred rows; throwing from it aborts the import (nothing is kept). */
  onProgress?: (p: ImportProgress) => void;
  /** How a workbook is bounded and where its reader's temporary folder goes (default: FILE_LIMITS, the system's temp folder). */
  sheet?: SheetOptions;
}

export interface ImportSummary {
  status: 'loaded' | 'already-loaded';
  batchId: number;
  sha256: string;
  rowsRead: number;
  linesLoaded: number;
  rejects: number;
  itemsCreated: number;
  manufacturersCreated: number;
  categoriesCreated: number;
  /** The reject file, when there were rejects in this run. */
  rejectPath: string | null;
  loadedAt: string;
  ms: number;
}

/** A file the import cannot read as a whole (its header); the message says what to fix. */
export class ImportFileError extends Error {}

// Imports run one at a time: two batches refreshing the same months' rollups side by side would
// each miss the other's lines. The key only has to differ from other advisory locks' (migrations').
const IMPORT_LOCK = 0x1a9047;

const STAGING_COLUMNS = ['line', 'merchant_id', 'distributor_id', 'invoice_id', 'invoice_date', 'min', 'quantity',
  'unit_price', 'start_guidance', 'end_guidance'];

// Staging lives only for the transaction and skips the WAL; the lines then go to purchase_lines
// in one insert, with the item's manufacturer and category copied on as the schema wants.
const STAGING_TABLE = `create temp table import_staging (
  line int not null, merchant_id int not null, distributor_id int not null, invoice_id text not null,
  invoice_date date not null, min text not null, quantity numeric not null, unit_price numeric,
  start_guidance numeric not null, end_guidance numeric not null) on commit drop`;

// The staged lines as purchase_lines rows (items resolved by MIN): what goes into purchase_lines,
// and what the rollups add up (incremental-rollups.ts).
const LINE_COLUMNS = ['merchant_id', 'distributor_id', 'invoice_id', 'invoice_date', 'item_id', 'manufacturer_id', 'category_id',
  'quantity', 'unit_price', 'start_guidance', 'end_guidance'];
const LINES_VIEW = `create temp view import_lines as
  select s.merchant_id, s.distributor_id, s.invoice_id, s.invoice_date, i.id as item_id, i.manufacturer_id, i.category_id,
         s.quantity, s.unit_price, s.start_guidance, s.end_guidance
    from import_staging s join items i on i.min = s.min`;
const INSERT_LINES = `insert into purchase_lines (${LINE_COLUMNS.join(', ')}, import_batch_id)
  select ${LINE_COLUMNS.join(', ')}, $1 from import_lines`;

export async function sha256OfFile(path: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(path), hash);
  return hash.digest('hex');
}

export async function importPurchaseFile(pool: pg.Pool, path: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const started = Date.now();
  const sha256 = await sha256OfFile(path);
  const rejectPath = opts.rejectPath ?? `${path}.rejects.csv`;
  let header: string[] = [];
  const rejects = rejectFile(rejectPath, () => header);
  try {
    return await loadBatch();
  } catch (err) {
    await rejects.discard();
    throw err;
  }

  function loadBatch(): Promise<ImportSummary> {
    return inTransaction(pool, async (client) => {
      await client.query('select pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
      const { rows: [earlier] } = await client.query<{ id: number; rows_read: number; lines_loaded: number; rejects: number;
        items_created: number; manufacturers_created: number; categories_created: number; loaded_at: Date }>(
        'select * from import_batches where sha256 = $1', [sha256]);
      if (earlier) {
        return { status: 'already-loaded', batchId: earlier.id, sha256, rowsRead: earlier.rows_read, linesLoaded: earlier.lines_loaded,
          rejects: earlier.rejects, itemsCreated: earlier.items_created, manufacturersCreated: earlier.manufacturers_created,
          categoriesCreated: earlier.categories_created, rejectPath: null, loadedAt: earlier.loaded_at.toISOString(), ms: Date.now() - started };
      }
      // The batch row comes first so the lines can carry its id; its counts are filled in at the end.
      const { rows: [batch] } = await client.query<{ id: number }>(
        `insert into import_batches (sha256, file_name, rows_read, lines_loaded, rejects, items_created, manufacturers_created, categories_created)
         values ($1, $2, 0, 0, 0, 0, 0, 0) returning id`, [sha256, opts.fileName ?? path]);
      const catalogue = await loadCatalogue(client);
      await client.query(STAGING_TABLE);

      const counts = { rowsRead: 0, rejects: 0 };
      const progress = () => opts.onProgress?.({ ...counts, elapsedMs: Date.now() - started });

      // Rows in, COPY text out: each row is checked by the codec, then against the catalogue.
      async function* stagedChunks(): AsyncGenerator<string> {
        let buf = '';
        for await (const { line, values } of fileRows(path, opts.sheet)) {
          if (!header.length) {
            header = checkHeader(values);
            continue;
          }
          if (values.length === 1 && values[0]!.trim() === '') continue; // a blank line
          counts.rowsRead++;
          const outcome = stage(values);
          if (typeof outcome === 'string') {
            counts.rejects++;
            await rejects.add(line, outcome, values);
          } else {
            const { row } = outcome;
            buf += copyLine([line, outcome.merchantId, outcome.distributorId, row.invoice_id, row.invoice_date, row.min,
              row.quantity, row.unit_price || null, row.market_index_low || '0', row.market_index_high || '0']);
          }
          if (counts.rowsRead % 500 === 0) progress();
          if (buf.length > 65536) {
            yield buf;
            buf = '';
          }
        }
        if (!header.length) throw new ImportFileError(`${opts.fileName ?? path} is empty: the first line must be the header. ${importColumnsHint()}`);
        if (buf) yield buf;
      }

      // The staged line, or the reason the row is rejected.
      function stage(values: string[]): StagedLine | string {
        if (values.length !== header.length) return `has ${values.length} values where the header has ${header.length} columns`;
        const raw: Record<string, string> = {};
        header.forEach((column, i) => (raw[column] = values[i]!.trim()));
        const decoded = decodeImportRow(raw);
        if (!decoded.ok) return decoded.errors.join('; ');
        const resolved = catalogue.resolve(decoded.value);
        return resolved.ok ? resolved.line : resolved.reason;
      }

      await pipeline(Readable.from(stagedChunks()), client.query(copyFrom(`copy import_staging (${STAGING_COLUMNS.join(', ')}) from stdin`)));
      await rejects.close();
      opts.onProgress?.({ ...counts, elapsedMs: Date.now() - started, stage: 'saving the lines and refreshing the rollups' });

      const created = catalogue.created();
      await createCatalogueEntries(client, created);
      // Statistics for the staged lines, so the inserts below join them to items with a good plan.
      await client.query('analyze import_staging');
      // From here on, room for the batch's sorts and hashes; no JIT, which compiled each statement anew for
      // longer than some of them run (measured on the 20-million-line database).
      await client.query(`set local work_mem = '256MB'`);
      await client.query('set local jit = off');
      await client.query(LINES_VIEW);
      const linesLoaded = (await client.query(INSERT_LINES, [batch!.id])).rowCount ?? 0;
      const staged = Number((await client.query<{ n: string }>('select count(*) as n from import_staging')).rows[0]!.n);
      if (linesLoaded !== staged) throw new Error(`${staged - linesLoaded} staged lines found no item: nothing was loaded`);

      await addLinesToRollups(client, 'import_lines');
      // Dropped before the staging table it reads, which goes at commit.
      await client.query('drop view import_lines');

      const { rows: [done] } = await client.query<{ loaded_at: Date }>(
        `update import_batches set rows_read = $2, lines_loaded = $3, rejects = $4, items_created = $5, manufacturers_created = $6,
                categories_created = $7
          where id = $1 returning loaded_at`,
        [batch!.id, counts.rowsRead, linesLoaded, counts.rejects, created.items.length, created.manufacturers.length, created.categories.length]);
      return { status: 'loaded', batchId: batch!.id, sha256, rowsRead: counts.rowsRead, linesLoaded, rejects: counts.rejects,
        itemsCreated: created.items.length, manufacturersCreated: created.manufacturers.length, categoriesCreated: created.categories.length,
        rejectPath: counts.rejects ? rejectPath : null, loadedAt: done!.loaded_at.toISOString(), ms: Date.now() - started };
    });
  }
}

// The header names the columns; order is free. A missing required column or an unknown one
// (a typo would otherwise silently read as empty) stops the import before any row is read.
function checkHeader(values: string[]): string[] {
  const header = values.map((v, i) => (i === 0 ? v.replace(/^\uFEFF/, '') : v).trim().toLowerCase());
  const known = new Set<string>(IMPORT_COLUMNS);
  const unknown = header.filter((c) => !known.has(c));
  const missing = IMPORT_COLUMNS.filter((c) => !header.includes(c) && !OPTIONAL_IMPORT_COLUMNS.includes(c));
  const repeated = header.filter((c, i) => header.indexOf(c) !== i);
  const problems = [
    unknown.length ? `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}` : '',
    missing.length ? `missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` : '',
    repeated.length ? `repeated column${repeated.length > 1 ? 's' : ''} ${repeated.join(', ')}` : '',
  ].filter(Boolean);
  if (problems.length) throw new ImportFileError(`The header of the file has ${problems.join('; ')}. ${importColumnsHint()}`);
  return header;
}
