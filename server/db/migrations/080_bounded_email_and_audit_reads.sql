-- Emails are at most 254 characters (RFC 5321), checked by the codec of every route that takes
-- one. A pending email change longer than that, accepted by an earlier server, could only fail
-- when confirmed (its index entry is too large): such links are dropped, and no new one is kept.
delete from account_tokens where char_length(new_email) > 254;
alter table account_tokens add constraint account_tokens_new_email_length check (char_length(new_email) <= 254);

-- The audit log tells reads from writes: a POST that only reads (the dashboard, Intel, ...) made
-- through an acting admin's session is logged as 'read' (src/model/route-permissions.ts says which).
alter table impersonation_audit drop constraint impersonation_audit_event_check;
alter table impersonation_audit add constraint impersonation_audit_event_check check (event in ('start', 'end', 'write', 'read'));
