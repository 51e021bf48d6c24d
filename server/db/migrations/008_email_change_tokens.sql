-- Issue 10: an email changed by anyone but an internal admin takes effect only once the new
-- address confirms it (a single-use emailed link); the token carries the address it confirms.
alter table account_tokens drop constraint account_tokens_purpose_check;
alter table account_tokens add constraint account_tokens_purpose_check
  check (purpose in ('activate', 'reset', 'invite', 'email'));
alter table account_tokens add column new_email text;
