-- Invoice scanning: images stay in PostgreSQL (bytea, one table of their own) so an upload is
-- one transaction with its invoice row, one backup holds everything, and deleting a row deletes
-- the bytes. The OCR pipeline's results and the price check live beside the invoice.
alter table invoices add column merchant_name text;
alter table invoices add column invoice_date date;
alter table invoices add column overpaid_total numeric not null default 0;
alter table invoice_images add column thumbnail bytea;
alter table invoice_images add column width int;
alter table invoice_images add column height int;
alter table invoice_images add column byte_size int;
alter table invoice_images add column ocr_status text not null default 'pending'
  check (ocr_status in ('pending', 'done', 'problem'));
alter table invoice_images add column ocr_text text;
alter table invoice_items add column image_id int references invoice_images(id) on delete cascade;
alter table invoice_items add column unit_price numeric;
alter table invoice_items add column doubtful bool not null default false;
alter table invoice_items add column matched_item_id int references items(id);
alter table invoice_items add column deviated_price numeric;
alter table invoice_items add column overpaid numeric;
