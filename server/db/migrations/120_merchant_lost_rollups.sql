-- The lost figures (lines bought from competitors) per merchant, for dashboards over a subset of
-- a house's merchants: whole months are summed from the monthly rows, the days of partial months
-- at the edges of the range from the daily rows, as the other per-merchant figures are. Before,
-- a subset's lost figures summed every (merchant, day, seller, item) row of the range and looked
-- up the deviation in force for each (152 ms p50 for 1–30 merchants on 20 million lines).
-- Per account distributor (rollup_accounts, the houses people act for), merchant, item and
-- day / month; competitor = seller outside that house's family; deviation = the saving under the
-- house's deviation in force on the day, summed. rollup_account_lost_day is now built from the
-- daily rows (server/rollups/rollups.ts). Filled by refreshRollups and the import's additive
-- refresh; a database with rollups from before this migration fills them once at start.
create table rollup_merchant_lost_day (
  distributor_id int not null,
  merchant_id int not null,
  item_id int not null,
  category_id int not null,
  day date not null,
  volume numeric not null,
  rebate numeric not null,
  deviation numeric not null,
  primary key (distributor_id, merchant_id, day, item_id)
);

create table rollup_merchant_lost_month (
  distributor_id int not null,
  merchant_id int not null,
  item_id int not null,
  category_id int not null,
  month date not null,
  volume numeric not null,
  rebate numeric not null,
  deviation numeric not null,
  primary key (distributor_id, merchant_id, month, item_id)
);
