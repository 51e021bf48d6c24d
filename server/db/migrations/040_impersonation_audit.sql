-- Impersonation that is safe and audited (issue 15): the reason an internal admin gave for
-- logging in as a user, and an append-only log of each such session's start, end and writes.
alter table auth_sessions add column acting_reason text;

create table impersonation_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  event text not null check (event in ('start', 'end', 'write')),
  admin_id int not null references users(id),
  user_id int references users(id),
  session_id uuid references auth_sessions(id),
  reason text,
  call text,          -- 'PATCH /api/user/:id'
  record text,        -- the ids the call named: 'id=12'
  status int          -- the answer's status code
);
create index impersonation_audit_at_idx on impersonation_audit (at desc, id desc);

-- Append-only, whatever SQL the application runs: a row once written stays as written.
create function impersonation_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'impersonation_audit rows cannot be changed or deleted';
end $$;
create trigger impersonation_audit_append_only before update or delete on impersonation_audit
  for each row execute function impersonation_audit_append_only();
