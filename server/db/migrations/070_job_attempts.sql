-- A job that ends the server's process (a file that exhausts memory, say) must not do so at every
-- start: each run of a purchase import or an invoice image's OCR is counted here before it begins,
-- so a run the process did not survive still counts, and past the limit the job is stopped and
-- shown failed with its reason instead of running again.
alter table import_jobs add column attempts int not null default 0;
alter table invoice_images add column ocr_attempts int not null default 0;
