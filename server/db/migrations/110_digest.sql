-- The weekly win-back digest and the header's alerts (docs/digest.md).

-- When a rebate check was posted, so the digest and the bell can name the checks new since the
-- last one. Checks posted before this column existed count as posted at their quarter's end (or
-- now, for the current quarter's).
alter table rebate_checks add column posted_at timestamptz;
update rebate_checks
   set posted_at = least(now(), make_date(2000 + substr(quarter, 1, 2)::int, substr(quarter, 4, 1)::int * 3, 1) + interval '1 month')
 where quarter ~ '^\d{2}Q[1-4]$';
update rebate_checks set posted_at = now() where posted_at is null;
alter table rebate_checks alter column posted_at set default now();
alter table rebate_checks alter column posted_at set not null;
create index rebate_checks_distributor_posted_idx on rebate_checks (distributor_id, posted_at);
create index invoices_distributor_created_idx on invoices (distributor_id, created_at) where overpaid_total > 0;

-- Each user's choice: how often, which sections, in which time zone the digest arrives at 07:00.
-- No row: weekly, every section, UTC.
create table digest_preferences (
  user_id int primary key references users(id) on delete cascade,
  frequency text not null default 'weekly' check (frequency in ('weekly', 'daily', 'off')),
  sections text[] not null default '{competitorShare,winBack,rebateChecks,overpaidInvoices}',
  time_zone text not null default 'UTC',
  alerts_read_at timestamptz
);

-- One row per user and period ('2026-W48' weekly, '2026-11-24' daily), inserted in the same
-- transaction that sends the email: the primary key makes a retried or doubled job a no-op.
create table digest_sends (
  user_id int not null references users(id) on delete cascade,
  period text not null,
  sent_at timestamptz not null default now(),
  primary key (user_id, period)
);
