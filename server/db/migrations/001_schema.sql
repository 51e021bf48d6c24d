-- The whole portal schema. Runs on PostgreSQL 15 and later (gen_random_uuid is built in).

-- Distributors ("houses"). A family is a parent (nickname contains '(PA)', no parent) and
-- its children; the portal's users act for one house at a time.
create table distributors (
  id serial primary key,
  platform_id text not null unique,                 -- 'CP-' + 6 digits
  nickname text not null,
  parent_id int references distributors(id),
  referred_partner_id int,
  created_at timestamptz not null default now()
);
create index distributors_parent_id_idx on distributors (parent_id);

-- Merchants: one restaurant location each.
create table merchants (
  id serial primary key,
  platform_id text not null unique,                 -- 'MP-' + digits
  name text not null,
  account_name text,                                -- the chain/operator the location belongs to
  address text,
  city text,
  state text,
  zip text,
  created_at timestamptz not null default now()
);

-- A merchant's account at a distributor; dcn = distributor customer number.
create table merchant_accounts (
  merchant_id int not null references merchants(id) on delete cascade,
  distributor_id int not null references distributors(id),
  dcn text not null,
  primary key (merchant_id, distributor_id),
  unique (distributor_id, dcn)
);

create table manufacturers (
  id serial primary key,
  platform_id text not null unique,
  group_platform_id text,                           -- manufacturer group (parent company)
  name text not null
);

create table categories (
  id serial primary key,
  name text not null unique
);

-- Manufacturer items, identified by MIN.
create table items (
  id serial primary key,
  min text not null unique,
  description text not null,
  manufacturer_id int not null references manufacturers(id),
  category_id int not null references categories(id),
  pack text,                                        -- like '6/#10', '4/10 LB'
  uom text,                                         -- like 'CS', 'EA', 'LB'
  weight numeric                                    -- pack weight in pounds (FIXED_AMOUNT_PER_WEIGHT)
);
create index items_manufacturer_id_idx on items (manufacturer_id);
create index items_category_id_idx on items (category_id);

-- What a distributor carries: its DIN for a MIN.
create table distributor_items (
  distributor_id int not null references distributors(id),
  item_id int not null references items(id),
  din text not null,
  primary key (distributor_id, item_id),
  unique (distributor_id, din)
);
create index distributor_items_item_id_idx on distributor_items (item_id);

-- Invoice lines the GPO processed; every analytics number comes from here. The item's
-- manufacturer and category are copied onto the line so analytics need no join to items.
create table purchase_lines (
  id bigserial primary key,
  merchant_id int not null references merchants(id),
  distributor_id int not null references distributors(id),   -- the seller
  invoice_id text not null,
  invoice_date date not null,
  item_id int not null references items(id),
  manufacturer_id int not null references manufacturers(id),
  category_id int not null references categories(id),
  quantity numeric not null,
  unit_price numeric,                               -- reported by the distributor; may be missing
  start_guidance numeric not null default 0,        -- Market Index; 0/0 = no estimate
  end_guidance numeric not null default 0
);
create index purchase_lines_distributor_merchant_date_idx
  on purchase_lines (distributor_id, merchant_id, invoice_date);
create index purchase_lines_merchant_date_idx on purchase_lines (merchant_id, invoice_date);

create table rebates (
  id serial primary key,
  item_id int not null references items(id),
  type text not null check (type in
    ('FIXED_AMOUNT_PER_QTY', 'FIXED_AMOUNT_PER_WEIGHT', 'PERCENT_OF_COST', 'PERCENT_OF_PRICE')),
  value numeric not null,                           -- dollars for fixed types, percent for percent types
  starts_on date not null,
  ends_on date not null,
  check (ends_on >= starts_on)
);
create index rebates_item_id_idx on rebates (item_id, starts_on);

-- A deviated (lower) price a manufacturer grants on an item through a distributor.
create table deviations (
  id serial primary key,
  item_id int not null references items(id),
  distributor_id int not null references distributors(id),
  deviated_price numeric not null,
  starts_on date not null,
  ends_on date not null,
  check (ends_on >= starts_on)
);
create index deviations_item_distributor_idx on deviations (item_id, distributor_id);

-- Similar items that can replace an item.
create table item_matches (
  item_id int not null references items(id),
  match_item_id int not null references items(id),
  score numeric not null,
  primary key (item_id, match_item_id)
);

create table users (
  id serial primary key,
  email text not null,
  contact_name text not null,
  password_hash text,
  title text check (title in ('Admin', 'Leadership', 'District Manager', 'Distributor Rep', 'Operations')),
  display_intel bool not null default false,
  display_invoice bool not null default false,
  display_payment_info bool not null default false,
  is_multi_house bool not null default false,
  is_internal_admin bool not null default false,
  export_user bool not null default false,
  invite_all bool not null default false,
  channel_partner_id int references distributors(id),   -- the house the user belongs to; null = none
  active_distributor_id int references distributors(id),
  activated_at timestamptz,
  deactivated_at timestamptz,
  password_reset_token text,
  created_at timestamptz not null default now(),
  last_login_at timestamptz
);
create unique index users_email_lower_idx on users (lower(email));
create index users_channel_partner_id_idx on users (channel_partner_id);

-- The houses a multi-house user may switch between.
create table user_houses (
  user_id int not null references users(id) on delete cascade,
  distributor_id int not null references distributors(id),
  primary key (user_id, distributor_id)
);

-- The merchants (locations) assigned to a user.
create table user_locations (
  user_id int not null references users(id) on delete cascade,
  merchant_id int not null references merchants(id),
  primary key (user_id, merchant_id)
);

create table auth_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id int not null references users(id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index auth_sessions_user_id_idx on auth_sessions (user_id);

-- Rate limiting by account and by IP: key like 'email:x' or 'ip:y'.
create table login_attempts (
  id bigserial primary key,
  key text not null,
  succeeded bool not null,
  attempted_at timestamptz not null default now()
);
create index login_attempts_key_attempted_at_idx on login_attempts (key, attempted_at);

create table app_settings (
  key text primary key,
  value jsonb not null
);
insert into app_settings (key, value) values
  ('maintenance', 'false'),
  ('features', '{"volumeByMonth": true}');

create table match_feedback (
  id serial primary key,
  user_id int references users(id) on delete set null,
  min text not null,
  bad_match_min text,
  comment text,
  recommended_min text,
  created_at timestamptz not null default now()
);

create table announcements (
  id serial primary key,
  text text not null,
  created_at timestamptz not null default now()
);

-- Usage analytics: one row per browser session.
create table user_sessions (
  id bigserial primary key,
  user_id int not null references users(id) on delete cascade,
  start_time timestamptz not null,
  end_time timestamptz not null,
  time int not null                                 -- seconds
);
create index user_sessions_user_end_idx on user_sessions (user_id, end_time);

-- Scanned invoices uploaded by users.
create table invoices (
  id serial primary key,
  attachment_grouping_id text not null,
  distributor_id int references distributors(id),
  merchant_id int references merchants(id),
  uploaded_by int references users(id) on delete set null,
  description text,
  brand text,
  status text not null default 'Pending',
  reason text,
  delivery_date date,
  tax_amount numeric,
  created_at timestamptz not null default now()
);
create index invoices_distributor_id_idx on invoices (distributor_id, created_at);

create table invoice_images (
  id serial primary key,                            -- attachment_id
  invoice_id int not null references invoices(id) on delete cascade,
  filename text not null,
  content_type text not null,
  data bytea not null
);
create index invoice_images_invoice_id_idx on invoice_images (invoice_id);

create table invoice_items (
  id serial primary key,
  invoice_id int not null references invoices(id) on delete cascade,
  description text,
  brand text,
  pack text,
  total_price numeric,
  quantity numeric,
  item_code text,
  uom text
);
create index invoice_items_invoice_id_idx on invoice_items (invoice_id);

-- Rebate checks paid to merchants per quarter ('26Q3'); field names follow the spec.
create table rebate_checks (
  id serial primary key,
  quarter text not null,
  merchant_id int not null references merchants(id),
  distributor_id int not null references distributors(id),
  amount numeric not null,
  checkno text,
  distributordistrict text,
  paymentmethod text not null,                      -- 'Check'; anything else counts as ACH
  paymentrouting text,                              -- Distributor, Sales, Member, Portal, Offset
  status text not null,
  accountname text,
  accountmaprelationship text,
  sfid text
);
create index rebate_checks_distributor_quarter_idx on rebate_checks (distributor_id, quarter);

create table rebate_check_locations (
  id serial primary key,
  check_id int not null references rebate_checks(id) on delete cascade,
  merchant text not null,
  amount numeric not null
);
create index rebate_check_locations_check_id_idx on rebate_check_locations (check_id);

create table rebate_check_manufacturers (
  id serial primary key,
  check_id int not null references rebate_checks(id) on delete cascade,
  manufacturer text not null,
  amount numeric not null
);
create index rebate_check_manufacturers_check_id_idx on rebate_check_manufacturers (check_id);

create table sales_reps (
  email text primary key,
  name text not null,
  role text not null check (role in ('director', 'manager', 'auditor'))
);

create table sales_rep_distributors (
  email text not null references sales_reps(email) on delete cascade on update cascade,
  distributor_id int not null references distributors(id),
  primary key (email, distributor_id)
);
