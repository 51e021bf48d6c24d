-- Single-use links emailed to users: account activation, password reset and invitation
-- (set a first password). Only a hash of the token is kept, so a database leak reveals no link.
create table account_tokens (
  token_hash text primary key,
  user_id int not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('activate', 'reset', 'invite')),
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index account_tokens_user_purpose_idx on account_tokens (user_id, purpose);
