-- Payment information: each check's location and manufacturer breakdowns as JSON, built once. The
-- quarter's list of a house of 5,000 merchants spent most of its time building these per request
-- (json_build_object + json_agg per check). Whatever writes rebate_checks or their breakdowns
-- refreshes this view afterwards (the seed does: server/seed/checks.ts).
create materialized view if not exists rebate_check_breakdowns as
select c.id as check_id,
       coalesce((select json_agg(json_build_object('merchant', l.merchant, 'amount', l.amount) order by l.amount desc, l.id)
                   from rebate_check_locations l where l.check_id = c.id), '[]'::json) as locations,
       coalesce((select json_agg(json_build_object('manufacturer', f.manufacturer, 'amount', f.amount) order by f.amount desc, f.id)
                   from rebate_check_manufacturers f where f.check_id = c.id), '[]'::json) as manufacturers
  from rebate_checks c;
create unique index if not exists rebate_check_breakdowns_check_id_idx on rebate_check_breakdowns (check_id);
