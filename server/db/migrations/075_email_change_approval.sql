-- Only an account's owner moves it (accounts spec §2.4 Edit User): an email change asked for by
-- anyone but the owner (or an internal admin) first needs the owner's approval, by a link sent to
-- the account's current address. The token keeps that address: the approval counts only while
-- it is still the account's email, so a former address cannot approve after the owner moved.
alter table account_tokens drop constraint account_tokens_purpose_check;
alter table account_tokens add constraint account_tokens_purpose_check
  check (purpose in ('activate', 'reset', 'invite', 'email', 'email-approval'));
alter table account_tokens add column sent_to text;
