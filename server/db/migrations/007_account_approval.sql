-- Issue 10: a signed-up account is pending until an Admin or Leadership user of its family (or
-- an internal admin) approves it; until then, and after a rejection, it reads nothing.
-- Every account that exists today was created by someone with access (seed, invitation): approved.
alter table users add column approval text not null default 'approved'
  check (approval in ('pending', 'approved', 'rejected'));
alter table users add column approval_decided_by int references users(id);
alter table users add column approval_decided_at timestamptz;
create index users_pending_by_house_idx on users (channel_partner_id) where approval = 'pending';
