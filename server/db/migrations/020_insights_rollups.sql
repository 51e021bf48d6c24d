-- Competitive insights (issue 12): the house-wide win-back list needs the quantity of every item
-- the house's merchants bought from competitors (a fixed rebate is per unit or per pound), which
-- rollup_account_lost_day/_month do not keep. Per account distributor (the houses people act
-- for, rollup_accounts), item and day / month; competitor = seller outside the house's family.
-- Filled by server/seed/insights-rollups.ts, called from refreshRollups and the import's
-- incremental refresh (server/seed/rollups.ts, incremental-rollups.ts).
create table rollup_account_lost_qty_day (
  distributor_id int not null,
  item_id int not null,
  day date not null,
  quantity numeric not null,
  volume numeric not null,
  primary key (distributor_id, day, item_id)
);

create table rollup_account_lost_qty_month (
  distributor_id int not null,
  item_id int not null,
  month date not null,
  quantity numeric not null,
  volume numeric not null,
  primary key (distributor_id, month, item_id)
);
