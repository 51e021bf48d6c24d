-- The all-locations dashboard reads the per-merchant daily volume of the days at the edges of
-- its range (partial months) for every merchant of the house: by day first, so only those days
-- are read (an index-only scan), not the whole table.
create index rollup_merchant_day_by_day on rollup_merchant_day (day, merchant_id) include (volume);
