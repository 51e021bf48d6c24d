-- Rebate search: case-insensitive substring match (ILIKE '%…%') on MIN, description and
-- manufacturer name. Trigram GIN indexes let ILIKE use an index instead of scanning every row.
-- pg_trgm ships with both the embedded PostgreSQL build and the distribution packages, and is a
-- trusted extension (PG13+), so a database owner may create it.
create extension if not exists pg_trgm;

create index items_min_trgm_idx on items using gin (min gin_trgm_ops);
create index items_description_trgm_idx on items using gin (description gin_trgm_ops);
create index manufacturers_name_trgm_idx on manufacturers using gin (name gin_trgm_ops);

-- Rebates in force on a day: looked up by date range for every list.
create index rebates_in_force_idx on rebates (starts_on, ends_on, item_id);

-- Feedback on similar items, looked up by the item it was given for.
create index match_feedback_min_idx on match_feedback (min);
