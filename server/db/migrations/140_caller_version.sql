-- What a request's caller is (their session, user, houses, family and locations) may be kept in
-- a server's memory between requests only while nothing it was read from has changed: every
-- change to those tables bumps this version, in the same transaction, as it commits. Each
-- request reads the version (one read shared by the requests waiting for it,
-- server/auth/live-callers.ts) before it trusts what it remembers, so a deactivation, a revoked
-- session or a new house takes effect at the caller's next request on every server, as when
-- each request read it all. (Merchant accounts change only with the data: the data version
-- covers them, and new houses: only a seed adds them.)
create table caller_version (
  id boolean primary key default true check (id),
  version bigint not null default 1
);
insert into caller_version default values;

-- Deferred to the commit and done once per transaction: the version's row is locked only while
-- a transaction commits, never while it goes on to wait for anything else (a transaction that
-- held it from its first write deadlocked with the app's next write on another connection).
create function bump_caller_version() returns trigger language plpgsql as $$
begin
  if current_setting('portal.caller_version_bumped', true) is distinct from 'yes' then
    perform set_config('portal.caller_version_bumped', 'yes', true);
    update caller_version set version = version + 1;
  end if;
  return null;
end $$;

-- A login stamps last_login_at: the one change to a user that tells nothing about what they may see.
create constraint trigger users_caller_version after update on users deferrable initially deferred for each row
  when ((to_jsonb(old) - 'last_login_at') is distinct from (to_jsonb(new) - 'last_login_at'))
  execute function bump_caller_version();
create constraint trigger users_deleted_caller_version after delete on users deferrable initially deferred for each row
  execute function bump_caller_version();
-- New sessions change nothing remembered; revoking or removing one does.
create constraint trigger auth_sessions_caller_version after update or delete on auth_sessions deferrable initially deferred for each row
  execute function bump_caller_version();
create constraint trigger user_houses_caller_version after insert or update or delete on user_houses deferrable initially deferred for each row
  execute function bump_caller_version();
create constraint trigger user_locations_caller_version after insert or update or delete on user_locations deferrable initially deferred for each row
  execute function bump_caller_version();
-- A house's parent makes its family. Houses are added only by a seed, which moves the data version.
create constraint trigger distributors_caller_version after update or delete on distributors deferrable initially deferred for each row
  execute function bump_caller_version();

-- Emptying a table (a reset before seeding) has no row triggers.
create function bump_caller_version_now() returns trigger language plpgsql as $$
begin
  update caller_version set version = version + 1;
  return null;
end $$;
create trigger users_truncated_caller_version after truncate on users for each statement execute function bump_caller_version_now();
create trigger auth_sessions_truncated_caller_version after truncate on auth_sessions for each statement execute function bump_caller_version_now();
create trigger user_houses_truncated_caller_version after truncate on user_houses for each statement execute function bump_caller_version_now();
create trigger user_locations_truncated_caller_version after truncate on user_locations for each statement execute function bump_caller_version_now();
create trigger distributors_truncated_caller_version after truncate on distributors for each statement execute function bump_caller_version_now();
