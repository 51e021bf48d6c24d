-- Purchase-line imports (npm run import, docs/import.md). A file is a batch named by the SHA-256
-- of its bytes: loading the same file again finds its row here and adds nothing. The row is
-- written in the same transaction as the batch's lines and rollups, so it exists only when they do.
create table import_batches (
  id serial primary key,
  sha256 text not null unique check (sha256 ~ '^[0-9a-f]{64}$'),
  file_name text not null,                          -- as given on the command line, for people
  rows_read int not null,
  lines_loaded int not null,
  rejects int not null,
  items_created int not null,
  manufacturers_created int not null,
  categories_created int not null,
  loaded_at timestamptz not null default now()
);

-- Which batch a line came from (null for demo data and lines loaded before imports existed):
-- lets a wrong file be found and taken out again. No foreign key: the per-row check would slow
-- a million-line insert, and batch rows are never deleted.
alter table purchase_lines add column import_batch_id int;
