// What an import row names (houses, merchants, items, manufacturers, categories), resolved to
// ids from the catalogue held in memory for the whole file, so each row is checked without a
// query. Unknown items are created, with their manufacturer and category when those are new
// too; unknown houses and merchants are rejected (docs/import.md says why).
import type pg from 'pg';
import type { ImportRow } from '../../src/model/purchase-import.ts';

/** A row ready for the staging table: ids resolved, the item by its MIN (it may be created). */
export interface StagedLine {
  merchantId: number;
  distributorId: number;
  row: ImportRow;
}

export type Resolved = { ok: true; line: StagedLine } | { ok: false; reason: string };

export interface NewItem {
  min: string;
  description: string;
  manufacturerPlatformId: string;
  category: string;
  pack: string;
  uom: string;
  weight: string | null;
}

export interface Catalogue {
  resolve(row: ImportRow): Resolved;
  /** The entries accepted rows need that the database lacks, to create before the lines go in. */
  created(): { items: NewItem[]; manufacturers: { platformId: string; name: string }[]; categories: string[] };
}

export async function loadCatalogue(client: pg.PoolClient): Promise<Catalogue> {
  const rows = async <T extends object>(sql: string) => (await client.query<T>(sql)).rows;
  const distributors = new Map((await rows<{ platform_id: string; id: number }>('select platform_id, id from distributors'))
    .map((d) => [d.platform_id, d.id]));
  const merchants = new Map((await rows<{ platform_id: string; id: number }>('select platform_id, id from merchants'))
    .map((m) => [m.platform_id, m.id]));
  const platformIdOf = new Map([...merchants].map(([platformId, id]) => [id, platformId]));
  const accounts = new Map((await rows<{ distributor_id: number; dcn: string; merchant_id: number }>(
    'select distributor_id, dcn, merchant_id from merchant_accounts')).map((a) => [`${a.distributor_id}\t${a.dcn}`, a.merchant_id]));
  const manufacturers = new Set((await rows<{ platform_id: string }>('select platform_id from manufacturers')).map((m) => m.platform_id));
  // Categories match whatever the case, so 'dairy' files under 'Dairy' instead of beside it.
  const categories = new Map((await rows<{ name: string }>('select name from categories')).map((c) => [c.name.toLowerCase(), c.name]));
  const items = new Map((await rows<{ min: string; manufacturer: string }>(
    'select i.min, m.platform_id as manufacturer from items i join manufacturers m on m.id = i.manufacturer_id'))
    .map((i) => [i.min, i.manufacturer]));

  const newItems = new Map<string, NewItem>();
  const newManufacturers = new Map<string, string>();
  const newCategories = new Map<string, string>();

  function merchantOf(row: ImportRow, distributorId: number): { id: number } | { reason: string } {
    const byPlatformId = row.merchant_platform_id ? merchants.get(row.merchant_platform_id) : undefined;
    if (row.merchant_platform_id && byPlatformId === undefined) return { reason: `unknown merchant ${row.merchant_platform_id}` };
    if (!row.merchant_account_number) return { id: byPlatformId! };
    const byAccount = accounts.get(`${distributorId}\t${row.merchant_account_number}`);
    if (byAccount === undefined) {
      return { reason: `no merchant has account number ${row.merchant_account_number} at ${row.distributor_platform_id}` };
    }
    if (byPlatformId !== undefined && byPlatformId !== byAccount) {
      return { reason: `account number ${row.merchant_account_number} at ${row.distributor_platform_id} belongs to ` +
        `${platformIdOf.get(byAccount)}, not ${row.merchant_platform_id}` };
    }
    return { id: byAccount };
  }

  // The reason an item row cannot be used, or null; registers what must be created when it can.
  function checkItem(row: ImportRow): string | null {
    const maker = items.get(row.min) ?? newItems.get(row.min)?.manufacturerPlatformId;
    if (maker !== undefined) {
      // A MIN is a manufacturer's own number: another manufacturer means a wrong MIN or a wrong maker.
      return maker === row.manufacturer_platform_id ? null
        : `MIN ${row.min} belongs to manufacturer ${maker}, not ${row.manufacturer_platform_id}`;
    }
    const knownMaker = manufacturers.has(row.manufacturer_platform_id) || newManufacturers.has(row.manufacturer_platform_id);
    if (!row.description) return `description is required for MIN ${row.min}, which is not in the catalogue yet`;
    if (!row.category) return `category is required for MIN ${row.min}, which is not in the catalogue yet`;
    if (!knownMaker && !row.manufacturer_name) {
      return `manufacturer_name is required for manufacturer ${row.manufacturer_platform_id}, which is not in the catalogue yet`;
    }
    if (!knownMaker) newManufacturers.set(row.manufacturer_platform_id, row.manufacturer_name);
    const key = row.category.toLowerCase();
    let category = categories.get(key) ?? newCategories.get(key);
    if (category === undefined) newCategories.set(key, (category = row.category));
    newItems.set(row.min, {
      min: row.min, description: row.description, manufacturerPlatformId: row.manufacturer_platform_id, category,
      pack: row.pack, uom: row.uom, weight: row.weight || null,
    });
    return null;
  }

  return {
    resolve(row) {
      const distributorId = distributors.get(row.distributor_platform_id);
      if (distributorId === undefined) return { ok: false, reason: `unknown distributor ${row.distributor_platform_id}` };
      const merchant = merchantOf(row, distributorId);
      if ('reason' in merchant) return { ok: false, reason: merchant.reason };
      const itemProblem = checkItem(row);
      if (itemProblem) return { ok: false, reason: itemProblem };
      return { ok: true, line: { merchantId: merchant.id, distributorId, row } };
    },
    created: () => ({
      items: [...newItems.values()],
      manufacturers: [...newManufacturers].map(([platformId, name]) => ({ platformId, name })),
      categories: [...newCategories.values()],
    }),
  };
}

/** Inserts what created() lists: manufacturers and categories first, then the items naming them. */
export async function createCatalogueEntries(client: pg.PoolClient, created: ReturnType<Catalogue['created']>): Promise<void> {
  const { items, manufacturers, categories } = created;
  if (manufacturers.length) {
    await client.query('insert into manufacturers (platform_id, name) select * from unnest($1::text[], $2::text[])',
      [manufacturers.map((m) => m.platformId), manufacturers.map((m) => m.name)]);
  }
  if (categories.length) await client.query('insert into categories (name) select unnest($1::text[])', [categories]);
  if (!items.length) return;
  await client.query(
    `insert into items (min, description, manufacturer_id, category_id, pack, uom, weight)
     select t.min, t.description, m.id, c.id, nullif(t.pack, ''), nullif(t.uom, ''), t.weight
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[])
            as t (min, description, manufacturer, category, pack, uom, weight)
       join manufacturers m on m.platform_id = t.manufacturer
       join categories c on c.name = t.category`,
    [items.map((i) => i.min), items.map((i) => i.description), items.map((i) => i.manufacturerPlatformId),
      items.map((i) => i.category), items.map((i) => i.pack), items.map((i) => i.uom), items.map((i) => i.weight)]);
}
