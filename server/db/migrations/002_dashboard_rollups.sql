-- Dashboard rollups: purchase lines pre-aggregated with their volume and rebate computed once,
-- so the dashboard never scans raw purchase_lines. Rebuilt by refreshRollups()
-- (server/seed/rollups.ts) after every bulk load. Volume and rebate follow the domain guide:
-- volume = quantity × unit price, else quantity × Market Index midpoint; rebate from the
-- item's rebate in force on the invoice date.

-- Per merchant, seller, item and day: what a query over any subset of merchants reads for the
-- lost categories and items (day grain keeps deviations, which change by date, exact).
create table rollup_merchant_item_day (
  merchant_id int not null,
  seller_id int not null,
  item_id int not null,
  category_id int not null,
  day date not null,
  quantity numeric not null,
  volume numeric not null,
  rebate numeric not null,
  primary key (merchant_id, day, seller_id, item_id)
);

-- Per merchant, seller and day / month: totals, volume by merchant and by month.
create table rollup_merchant_day (
  merchant_id int not null,
  seller_id int not null,
  day date not null,
  volume numeric not null,
  rebate numeric not null,
  primary key (merchant_id, day, seller_id)
);

create table rollup_merchant_month (
  merchant_id int not null,
  seller_id int not null,
  month date not null,                              -- first day of the month
  volume numeric not null,
  rebate numeric not null,
  primary key (merchant_id, month, seller_id)
);

-- The same facts summed over every merchant with an account at a distributor, for the
-- distributors people act for (rollup_accounts): the "all locations" dashboard reads a few
-- thousand rows whatever the size of the house.
create table rollup_accounts (
  distributor_id int primary key
);

create table rollup_account_day (
  distributor_id int not null,                      -- merchants with an account here
  seller_id int not null,
  day date not null,
  volume numeric not null,
  rebate numeric not null,
  primary key (distributor_id, day, seller_id)
);

create table rollup_account_merchant_month (
  distributor_id int not null,
  merchant_id int not null,
  month date not null,
  volume numeric not null,                          -- all sellers
  primary key (distributor_id, month, merchant_id)
);

-- Only the lines bought from competitors of the distributor (sellers outside its family),
-- with the deviated-price saving under that distributor's deviation in force on the date.
create table rollup_account_lost_day (
  distributor_id int not null,
  item_id int not null,
  category_id int not null,
  day date not null,
  volume numeric not null,
  rebate numeric not null,
  deviation numeric not null,
  primary key (distributor_id, day, item_id)
);

create table rollup_account_lost_month (
  distributor_id int not null,
  item_id int not null,
  category_id int not null,
  month date not null,
  volume numeric not null,
  rebate numeric not null,
  deviation numeric not null,
  primary key (distributor_id, month, item_id)
);

-- Which rebate or deviation is in force on a date when periods overlap: the one that starts
-- later takes over from its first day (ties: the newer row). Both the rollups and any
-- query that needs a deviation read these views, so they always agree.
create view rebate_in_force as
select id, item_id, type, value, starts_on,
       least(ends_on, coalesce(lead(starts_on) over w - 1, ends_on)) as ends_on
  from rebates
window w as (partition by item_id order by starts_on, id);

create view deviation_in_force as
select id, item_id, distributor_id, deviated_price, starts_on,
       least(ends_on, coalesce(lead(starts_on) over w - 1, ends_on)) as ends_on
  from deviations
window w as (partition by item_id, distributor_id order by starts_on, id);
