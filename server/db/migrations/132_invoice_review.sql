-- Reviewing what OCR read (docs/invoices.md): where each line was read on its image, the lines a
-- reviewer corrected or typed in, and every correction with who made it, when, and the line
-- before and after.
alter table invoice_items add column box jsonb;                       -- {x,y,w,h} in fractions of the image; null when unknown
alter table invoice_items add column corrected_by int references users(id);
alter table invoice_items add column corrected_at timestamptz;
alter table invoice_items add column added bool not null default false; -- typed in by a reviewer (image_id null)
create table invoice_item_corrections (
  id serial primary key,
  invoice_id int not null references invoices(id) on delete cascade,
  item_id int not null,                                               -- no foreign key: a deleted line's history stays
  user_id int not null references users(id),
  at timestamptz not null default now(),
  action text not null check (action in ('edit', 'delete', 'add')),
  before jsonb,
  after jsonb
);
create index invoice_item_corrections_invoice_id_idx on invoice_item_corrections (invoice_id);
