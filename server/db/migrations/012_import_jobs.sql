-- Purchase imports started from the admin panel (docs/import.md): the uploaded file waits on disk
-- as a job that a pg-boss worker runs with npm run import's code, writing its progress here so the
-- admin's browser can follow it without holding a request open. The batch itself (its lines,
-- rollups and import_batches row) is still all in or all out; a job whose server died mid-way is
-- run again at start.
create table import_jobs (
  id serial primary key,
  file_name text not null,                          -- the name the admin's file had, for people
  stored_path text not null,                        -- where the upload waits, under DATA_DIR/imports
  status text not null default 'queued'
    check (status in ('queued', 'running', 'loaded', 'already-loaded', 'failed')),
  stage text,                                       -- what the running import does now
  rows_read int not null default 0,
  rejects int not null default 0,
  lines_loaded int not null default 0,
  batch_id int,
  reject_path text,
  message text,                                     -- why it failed, said for the admin
  created_by int not null references users (id),
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index import_jobs_recent on import_jobs (created_at desc);
