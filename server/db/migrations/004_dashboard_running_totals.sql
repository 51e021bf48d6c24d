-- Running totals over whole months for the house-wide rollups: the volume of a merchant (or the
-- lost volume of an item) over any run of whole months is the difference of two rows, so the
-- 12-month all-locations dashboard reads two rows per merchant and item instead of twelve.
-- Dense: every merchant (item) of the distributor has a row for every month of the data.
-- Rebuilt with the other rollups by refreshRollups() (server/seed/rollups.ts).
create table rollup_account_merchant_running (
  distributor_id int not null,
  merchant_id int not null,
  month date not null,
  volume_to_date numeric not null,                 -- sum over this month and every month before
  primary key (distributor_id, month, merchant_id)
);

create table rollup_account_lost_running (
  distributor_id int not null,
  item_id int not null,
  category_id int not null,
  month date not null,
  volume_to_date numeric not null,
  rebate_to_date numeric not null,
  deviation_to_date numeric not null,
  primary key (distributor_id, month, item_id)
);
