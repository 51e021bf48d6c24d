-- A running import's worker writes this every few seconds; a run whose heartbeat has stopped
-- belongs to a process that died, and another worker queues it again (server/import/import-queue.ts).
alter table import_jobs add column heartbeat_at timestamptz;
