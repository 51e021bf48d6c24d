-- Uploaded files live in PostgreSQL, which every API node and worker reaches, instead of on the
-- disk of the node that received them (docs/import.md, server/uploads/upload-store.ts). A file is
-- a row of uploads and its bytes in chunks of about a megabyte, written in the upload's own
-- transaction: a cut or refused upload, or a server killed mid-way, leaves nothing.
create table uploads (
  id bigserial primary key,
  name text not null,                               -- the name the file came with, for people
  size bigint not null default 0,
  sha256 text not null default '',                  -- filled in when the last chunk is in
  created_at timestamptz not null default now()
);
create table upload_chunks (
  upload_id bigint not null references uploads (id) on delete cascade,
  seq int not null check (seq >= 0),
  data bytea not null,
  primary key (upload_id, seq)
);

-- An import job's file and, once it ended with rejects, its reject file. A job's upload goes in
-- the transaction that ends the job; a job's row keeps its reject file until the row goes.
alter table import_jobs add column upload_id bigint references uploads (id) on delete set null;
alter table import_jobs add column rejects_upload_id bigint references uploads (id) on delete set null;
-- Jobs queued before this migration name their file by a path on the disk that received it; the
-- first run reads that file into uploads. New jobs have no path.
alter table import_jobs alter column stored_path drop not null;
