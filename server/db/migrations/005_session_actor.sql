-- An internal admin may switch into a distributor user (accounts spec §2.3 Admin user-picker,
-- POST /auth/session): the new session is the user's, and records the admin who acts through it,
-- so the admin can switch again or back, and no one else can.
alter table auth_sessions add column acting_admin_id int references users(id);
