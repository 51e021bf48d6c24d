-- The version of the purchase data the dashboard answers are computed from. Every rollup
-- refresh (seed, import) bumps it in the same transaction, so a cached answer of an older
-- version is never served, on this server or any other on the same database.
create table data_version (
  id boolean primary key default true check (id),
  version bigint not null default 1
);
insert into data_version default values;
