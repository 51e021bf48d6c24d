import type pg from 'pg';
import type { ParsedInvoice, ParsedLine } from '../../src/model/invoice-parser.ts';
import type { InvoiceDetail, InvoiceSummary } from '../../src/model/invoices.ts';
import type { OverpaidInvoice } from '../../src/model/digest.ts';
import type { Queryable } from '../db/queryable.ts';
import { inTransaction } from '../db/transaction.ts';

/** An invoice line read by OCR, with its catalogue match and price check (server/invoices/price-check.ts). */
export type CheckedLine = { line: ParsedLine; matchedItemId: number | null; deviatedPrice: number | null; overpaid: number | null };

const day = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export type NewImage = { filename: string; contentType: string; data: Buffer; thumbnail: Buffer; width: number; height: number };

/**
 * How alike a description must be (pg_trgm similarity) to count as the same product: above the
 * operator's 0.3, which pairs 'Mozzarella Shredded Whole Milk' with 'MILK WHOLE GAL' (0.32).
 */
export const MIN_DESCRIPTION_SIMILARITY = 0.35;

/** The house's deviated price in force on the date for an item code (MIN, or the house's DIN), else the closest description (trigrams). */
export async function deviatedPrice(db: Queryable, distributorId: number, itemCode: string, description: string, on: string): Promise<{ itemId: number; price: number } | null> {
  const { rows } = await db.query(
    `with fam as (select id from distributors where id = $1 or parent_id = (select coalesce(parent_id, id) from distributors where id = $1)
                    or id = (select parent_id from distributors where id = $1)),
          hit as (
            (select i.id, 1 as rank, 1.0 as score from items i where i.min = $2
             union all select di.item_id, 1, 1.0 from distributor_items di where di.distributor_id = $1 and di.din = $2)
            union all
            (select i.id, 2, similarity(i.description, $3) from items i where $3 <> '' and i.description % $3
               and similarity(i.description, $3) >= $5 order by 3 desc limit 1))
     select h.id, d.deviated_price from hit h join deviations d on d.item_id = h.id and d.distributor_id in (select id from fam)
      where d.starts_on <= $4::date and d.ends_on >= $4::date
      order by h.rank, h.score desc, d.deviated_price limit 1`, [distributorId, itemCode, description, on, MIN_DESCRIPTION_SIMILARITY]);
  return rows[0] ? { itemId: rows[0].id, price: Number(rows[0].deviated_price) } : null;
}

/** SQL: what invoice `i` paid above deviated prices, the sum of its lines' overpayments. */
const OVERPAID_TOTAL = 'coalesce((select sum(overpaid) from invoice_items where invoice_id = i.id and overpaid > 0), 0)';

/** Once no image is pending: 'done', or 'problem' with the reason of the first unreadable image; and the total overpaid. */
export async function settleStatus(db: Queryable, invoiceId: number, problem: string | null): Promise<void> {
  await db.query(
    `update invoices i set
       overpaid_total = ${OVERPAID_TOTAL},
       status = case when exists (select 1 from invoice_images where invoice_id = i.id and ocr_status = 'pending') then 'inprocessing'
                     when exists (select 1 from invoice_images where invoice_id = i.id and ocr_status = 'problem') then 'problem'
                     when not exists (select 1 from invoice_images where invoice_id = i.id) then 'problem'
                     else 'done' end,
       reason = case when exists (select 1 from invoice_images where invoice_id = i.id and ocr_status = 'pending') then null
                     when exists (select 1 from invoice_images where invoice_id = i.id and ocr_status = 'problem') then coalesce($2, reason)
                     when not exists (select 1 from invoice_images where invoice_id = i.id) then 'The invoice has no images.'
                     else null end
     where id = $1`, [invoiceId, problem]);
}

/** After a line changed: the invoice's total paid above deviated prices. */
export async function refreshOverpaid(db: Queryable, invoiceId: number): Promise<void> {
  await db.query(`update invoices i set overpaid_total = ${OVERPAID_TOTAL} where id = $1`, [invoiceId]);
}

/** A line as stored, for a correction's before and after (the table's own columns). */
export type LineRow = Record<string, unknown>;

/**
 * Holds the invoice for one correction, so corrections of its lines follow one another and each
 * overpaid total counts the others: its house and the date its prices are checked on (null: deleted meanwhile).
 */
export async function lockForReview(db: Queryable, invoiceId: number): Promise<{ distributorId: number; on: string } | null> {
  const { rows } = await db.query(
    `select distributor_id, to_char(coalesce(invoice_date, created_at::date), 'YYYY-MM-DD') as on_day from invoices where id = $1 for update`, [invoiceId]);
  return rows[0] ? { distributorId: rows[0].distributor_id, on: rows[0].on_day } : null;
}

/** The invoice's line, held until the transaction ends; null when the invoice has no such line. */
export async function lineForUpdate(db: Queryable, invoiceId: number, itemId: number): Promise<LineRow | null> {
  const { rows } = await db.query('select to_jsonb(t) as row from invoice_items t where id = $1 and invoice_id = $2 for update', [itemId, invoiceId]);
  return rows[0]?.row ?? null;
}

/** A line read from `imageId`, or typed in by `reviewer` (image null). */
export async function insertLine(db: Queryable, invoiceId: number, imageId: number | null, c: CheckedLine, reviewer: number | null): Promise<LineRow> {
  const l = c.line;
  const { rows } = await db.query(
    `insert into invoice_items (invoice_id, image_id, description, brand, pack, total_price, quantity, item_code, uom, unit_price,
       doubtful, matched_item_id, deviated_price, overpaid, box, added, corrected_by, corrected_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16::int is not null,$16,case when $16::int is not null then now() end)
     returning to_jsonb(invoice_items.*) as row`,
    [invoiceId, imageId, l.description, l.brand, l.pack, l.totalPrice, l.quantity, l.itemCode, l.uom, l.unitPrice, l.doubtful,
      c.matchedItemId, c.deviatedPrice, c.overpaid, l.box ? JSON.stringify(l.box) : null, reviewer]);
  return rows[0].row;
}

/** A reviewer's correction of a line; where it was read (image, box) stays. */
export async function updateLine(db: Queryable, itemId: number, c: CheckedLine, reviewer: number): Promise<LineRow> {
  const l = c.line;
  const { rows } = await db.query(
    `update invoice_items set description = $2, brand = $3, pack = $4, total_price = $5, quantity = $6, item_code = $7, uom = $8, unit_price = $9,
       doubtful = $10, matched_item_id = $11, deviated_price = $12, overpaid = $13, corrected_by = $14, corrected_at = now()
      where id = $1 returning to_jsonb(invoice_items.*) as row`,
    [itemId, l.description, l.brand, l.pack, l.totalPrice, l.quantity, l.itemCode, l.uom, l.unitPrice, l.doubtful,
      c.matchedItemId, c.deviatedPrice, c.overpaid, reviewer]);
  return rows[0].row;
}

export async function deleteLine(db: Queryable, itemId: number): Promise<void> {
  await db.query('delete from invoice_items where id = $1', [itemId]);
}

export async function recordCorrection(db: Queryable, v: { invoiceId: number; itemId: number; userId: number; action: 'edit' | 'delete' | 'add';
  before: LineRow | null; after: LineRow | null }): Promise<void> {
  await db.query(`insert into invoice_item_corrections (invoice_id, item_id, user_id, action, before, after) values ($1, $2, $3, $4, $5, $6)`,
    [v.invoiceId, v.itemId, v.userId, v.action, v.before, v.after]);
}

/** Invoices, their images (bytes in PostgreSQL) and the items read from them. */
export function invoicesRepository(pool: pg.Pool) {
  return {
    async list(distributorId: number): Promise<InvoiceSummary[]> {
      const { rows } = await pool.query(
        `select id, attachment_grouping_id, description, merchant_name, status, reason, created_at
           from invoices where distributor_id = $1 order by created_at desc, id desc`, [distributorId]);
      return rows.map((r) => ({ id: r.id, attachmentGroupingId: r.attachment_grouping_id, description: r.description ?? '',
        merchantName: r.merchant_name ?? '', status: r.status, reason: r.reason, createdAt: new Date(r.created_at).toISOString() }));
    },
    /** Invoices of the houses uploaded after `since` whose price check found overpaid lines, newest first. */
    async overpaidSince(houseIds: number[], since: Date, limit: number): Promise<OverpaidInvoice[]> {
      const { rows } = await pool.query(
        `select i.id, coalesce(i.merchant_name, '') as merchant, to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, i.overpaid_total,
                (select count(*)::int from invoice_items t where t.invoice_id = i.id and t.overpaid > 0) as lines
           from invoices i
          where i.distributor_id = any($1::int[]) and i.created_at > $2 and i.overpaid_total > 0
          order by i.created_at desc, i.id desc limit $3`, [houseIds, since, limit]);
      return rows.map((r) => ({ id: r.id, merchant: r.merchant, invoiceDate: r.invoice_date, overpaidLines: r.lines, overpaidTotal: Number(r.overpaid_total) }));
    },
    /** The invoice's owner house, for the family check; null when there is no such invoice. */
    async ownerOf(id: number): Promise<number | null> {
      const { rows } = await pool.query('select distributor_id from invoices where id = $1', [id]);
      return rows[0] ? rows[0].distributor_id : null;
    },
    async imageOwner(imageId: number): Promise<{ invoiceId: number; distributorId: number } | null> {
      const { rows } = await pool.query('select i.id, i.distributor_id from invoice_images g join invoices i on i.id = g.invoice_id where g.id = $1', [imageId]);
      return rows[0] ? { invoiceId: rows[0].id, distributorId: rows[0].distributor_id } : null;
    },
    async detail(id: number): Promise<InvoiceDetail | null> {
      const { rows } = await pool.query('select * from invoices where id = $1', [id]);
      const r = rows[0];
      if (!r) return null;
      const images = await pool.query('select id, filename, width, height from invoice_images where invoice_id = $1 order by id', [id]);
      // Doubtful lines first (they want a look), then in reading order: image by image, typed-in lines last.
      const items = await pool.query(
        `select t.id, t.description, t.brand, t.pack, t.total_price, t.quantity, t.item_code, t.uom, t.unit_price, t.doubtful, t.deviated_price,
                t.overpaid, t.box, t.image_id, t.added, coalesce(nullif(u.contact_name, ''), u.email) as corrected_by, t.corrected_at
           from invoice_items t left join users u on u.id = t.corrected_by
          where t.invoice_id = $1 order by t.doubtful desc, t.image_id nulls last, t.id`, [id]);
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return {
        id: r.id, attachmentGroupingId: r.attachment_grouping_id, description: r.description ?? '', merchantName: r.merchant_name ?? '',
        status: r.status, reason: r.reason, createdAt: new Date(r.created_at).toISOString(), brand: r.brand, invoiceDate: day(r.invoice_date),
        deliveryDate: day(r.delivery_date), taxAmount: num(r.tax_amount), overpaidTotal: Number(r.overpaid_total),
        images: images.rows.map((g) => ({ attachmentId: g.id, filename: g.filename, src: `/api/invoice/image/${g.id}`, width: g.width, height: g.height })),
        items: items.rows.map((i) => ({ id: i.id, description: i.description ?? '', brand: i.brand ?? '', pack: i.pack ?? '', uom: i.uom ?? '',
          itemCode: i.item_code ?? '', quantity: num(i.quantity), unitPrice: num(i.unit_price), totalPrice: num(i.total_price),
          doubtful: i.doubtful, deviatedPrice: num(i.deviated_price), overpaid: num(i.overpaid), box: i.box, imageId: i.image_id, added: i.added,
          correctedBy: i.corrected_by, correctedAt: i.corrected_at === null ? null : new Date(i.corrected_at).toISOString() })),
      };
    },
    async create(db: Queryable, v: { groupingId: string; distributorId: number; userId: number; description: string; merchantName: string }): Promise<number> {
      const { rows } = await db.query(
        `insert into invoices (attachment_grouping_id, distributor_id, uploaded_by, description, merchant_name, status)
         values ($1, $2, $3, $4, $5, 'inprocessing') returning id`, [v.groupingId, v.distributorId, v.userId, v.description, v.merchantName]);
      return rows[0].id;
    },
    async addImage(db: Queryable, invoiceId: number, img: NewImage): Promise<number> {
      const { rows } = await db.query(
        `insert into invoice_images (invoice_id, filename, content_type, data, thumbnail, width, height, byte_size)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [invoiceId, img.filename, img.contentType, img.data, img.thumbnail, img.width, img.height, img.data.length]);
      await db.query(`update invoices set status = 'inprocessing', reason = null where id = $1`, [invoiceId]);
      return rows[0].id;
    },
    async image(imageId: number, thumbnail: boolean): Promise<{ contentType: string; data: Buffer } | null> {
      const { rows } = await pool.query(`select content_type, data, thumbnail from invoice_images where id = $1`, [imageId]);
      if (!rows[0]) return null;
      return thumbnail && rows[0].thumbnail ? { contentType: 'image/jpeg', data: rows[0].thumbnail } : { contentType: rows[0].content_type, data: rows[0].data };
    },
    async filenames(invoiceId: number): Promise<string[]> {
      return (await pool.query('select filename from invoice_images where invoice_id = $1', [invoiceId])).rows.map((r) => r.filename);
    },
    /** Deletes the image's row, and so its bytes and the items read from it (cascade). */
    async deleteImage(db: Queryable, imageId: number): Promise<void> {
      await db.query('delete from invoice_images where id = $1', [imageId]);
    },
    async deleteInvoice(id: number): Promise<void> {
      await pool.query('delete from invoices where id = $1', [id]);
    },
    /**
     * Takes the image for one run of its OCR and counts the run, committed before it begins (a run
     * the process did not survive counts): the run's number, 'done' once it was read (or deleted),
     * 'busy' while another worker's heartbeat on it is fresher than `staleSeconds`.
     */
    async claimOcrRun(imageId: number, staleSeconds: number): Promise<number | 'done' | 'busy'> {
      const { rows } = await pool.query(
        `update invoice_images set ocr_attempts = ocr_attempts + 1, ocr_heartbeat_at = now()
          where id = $1 and ocr_status = 'pending'
            and (ocr_heartbeat_at is null or ocr_heartbeat_at < now() - make_interval(secs => $2))
          returning ocr_attempts`, [imageId, staleSeconds]);
      if (rows[0]) return rows[0].ocr_attempts as number;
      const pending = await pool.query(`select 1 from invoice_images where id = $1 and ocr_status = 'pending'`, [imageId]);
      return pending.rowCount ? 'busy' : 'done';
    },
    /** The reading worker's sign of life; null when its run ended without reading the image (another may take it at once). */
    async ocrHeartbeat(imageId: number, alive: boolean): Promise<void> {
      await pool.query(`update invoice_images set ocr_heartbeat_at = ${alive ? 'now()' : 'null'} where id = $1`, [imageId]);
    },
    /** An image whose reading used all its runs: a problem, with the reason, so its invoice settles. */
    async giveUpOcr(imageId: number, problem: string): Promise<void> {
      await inTransaction(pool, async (db) => {
        const { rows } = await db.query(
          `update invoice_images set ocr_status = 'problem' where id = $1 and ocr_status = 'pending' returning invoice_id`, [imageId]);
        if (rows[0]) await settleStatus(db, rows[0].invoice_id, problem);
      });
    },
    async pendingImageIds(): Promise<number[]> {
      return (await pool.query(`select id from invoice_images where ocr_status = 'pending' order by id`)).rows.map((r) => r.id);
    },
    async imageForOcr(imageId: number): Promise<{ invoiceId: number; distributorId: number; data: Buffer } | null> {
      const { rows } = await pool.query(
        'select g.invoice_id, i.distributor_id, g.data from invoice_images g join invoices i on i.id = g.invoice_id where g.id = $1', [imageId]);
      return rows[0] ? { invoiceId: rows[0].invoice_id, distributorId: rows[0].distributor_id, data: rows[0].data } : null;
    },
    /** Holds the image's row until the transaction ends; false when it was deleted meanwhile (its reading is then dropped). */
    async lockImage(db: Queryable, imageId: number): Promise<boolean> {
      return (await db.query('select 1 from invoice_images where id = $1 for update', [imageId])).rowCount === 1;
    },
    /** Replaces what an image produced, sets the invoice's info and status, in one transaction. */
    async saveReading(db: Queryable, v: { imageId: number; invoiceId: number; parsed: ParsedInvoice; ok: boolean; text: string;
      lines: CheckedLine[] }) {
      // Once a reviewer has corrected or deleted a line of this image, their lines are the truth: a
      // new reading leaves them as they are rather than bring back what they fixed (merging the two
      // line by line would need to know which read line is which corrected one).
      const reviewed = await db.query(
        `select 1 from invoice_items where image_id = $1 and corrected_at is not null
         union all select 1 from invoice_item_corrections where invoice_id = $2 and action = 'delete' and (before->>'image_id')::int = $1 limit 1`,
        [v.imageId, v.invoiceId]);
      if (reviewed.rowCount === 0) {
        await db.query('delete from invoice_items where image_id = $1', [v.imageId]);
        for (const line of v.lines) await insertLine(db, v.invoiceId, v.imageId, line, null);
      }
      await db.query(`update invoice_images set ocr_status = $2, ocr_text = $3 where id = $1`, [v.imageId, v.ok ? 'done' : 'problem', v.text]);
      const p = v.parsed;
      await db.query(
        `update invoices set brand = coalesce(brand, $2), invoice_date = coalesce(invoice_date, $3::date),
           delivery_date = coalesce(delivery_date, $4::date), tax_amount = coalesce(tax_amount, $5) where id = $1`,
        [v.invoiceId, p.distributor, p.invoiceDate, p.deliveryDate, p.taxAmount]);
    },
    settleStatus,
  };
}
export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
