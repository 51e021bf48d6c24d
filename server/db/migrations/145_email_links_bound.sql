-- An emailed link works only for the account as it was when the link was sent. A leader once
-- moved a colleague's email to an address the leader owned; the colleague approved by mistake;
-- an admin set the address right; the confirmation link sent before the correction still moved
-- the account back to the leader's address. Now each link records the account's address when it
-- was issued (consuming it requires that address still), and any change of a user's address
-- revokes every link still unused: they all went to, or were asked for, the old address.
alter table account_tokens add column account_email text;

-- Links in flight now: email changes and resets (short-lived, asked again in a minute) are
-- revoked, since one of them may be the stale link this closes; activations and invitations
-- (a week long, nothing to ask again with) are bound to the address the account has now.
update account_tokens set used_at = now() where used_at is null and purpose in ('email', 'email-approval', 'reset');
update account_tokens t set account_email = u.email from users u where t.user_id = u.id and t.used_at is null;

create function revoke_links_of_moved_email() returns trigger language plpgsql as $$
begin
  update account_tokens set used_at = now() where user_id = new.id and used_at is null;
  return null;
end $$;

-- Whoever changes it (the owner's confirmation, a leader's edit, an internal admin, a script):
-- a change of case only is the same address.
create trigger users_email_moved_revokes_links after update of email on users for each row
  when (lower(old.email) is distinct from lower(new.email))
  execute function revoke_links_of_moved_email();
