-- The worker reading an image writes this every few seconds: a job for an image another live
-- worker is reading waits instead of reading it twice (server/invoices/queue.ts).
alter table invoice_images add column ocr_heartbeat_at timestamptz;
