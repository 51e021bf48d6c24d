-- Writes sent with an Idempotency-Key (server/http/idempotency.ts): the first request with a key
-- claims its row and runs; its answer (2xx or 4xx) is kept here, and a repeat of the same key by
-- the same caller gets that answer again instead of a second write. While the first runs, the row
-- names the database session of the process running it (owner_pid, owner_start): a repeat may
-- take the claim over only once that session is gone (the process died), so a crash frees the key
-- and a live process's work is never run twice. Rows are kept 24 hours.
create table idempotency_keys (
  caller text not null,          -- 'session 42': keys are the caller's own
  key text not null,
  method text not null,
  url text not null,
  fingerprint text not null,     -- sha256 of method, URL and body (method and URL for multipart)
  owner_pid integer,             -- pg_stat_activity.pid of the owner's session while running
  owner_start bigint,            -- its backend_start in microseconds since 1970 (pids are reused)
  status smallint,               -- null while running
  headers jsonb,
  body bytea,
  created_at timestamptz not null default now(),
  primary key (caller, key)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);
