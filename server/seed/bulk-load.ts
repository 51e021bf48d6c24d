// Loading a big table is far faster without its foreign keys and secondary indexes: the
// per-row FK triggers alone made COPY ~4x slower. They are dropped for the load and put
// back from their own definitions afterwards (one validating join, one sort per index).
import type pg from 'pg';

export async function withoutConstraints<T>(client: pg.PoolClient, table: string, load: () => Promise<T>): Promise<T> {
  const { rows: fks } = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = $1::regclass and contype = 'f' order by conname`, [table]);
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = $1
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.conrelid = $1::regclass)
      order by i.indexname`, [table]);
  const t = client.escapeIdentifier(table);
  for (const fk of fks) await client.query(`alter table ${t} drop constraint ${client.escapeIdentifier(fk.name)}`);
  for (const ix of indexes) await client.query(`drop index ${client.escapeIdentifier(ix.name)}`);
  const result = await load();
  for (const ix of indexes) await client.query(ix.def);
  for (const fk of fks) await client.query(`alter table ${t} add constraint ${client.escapeIdentifier(fk.name)} ${fk.def}`);
  return result;
}
