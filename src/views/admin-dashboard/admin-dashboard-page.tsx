import { Alert, Anchor, Button, Container, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { adminDashboardMachine } from '../../machines/admin-dashboard/admin-dashboard.ts';
import { SELECT_DISTRIBUTOR, selectUsersShown, selectUserSearch } from '../../machines/admin-dashboard/selectors.ts';
import type { AdminUserRow } from '../../model/admin.ts';
import { AuthActor, useSystemActorRef } from '../shell/actor-contexts.ts';
import { LoginPage } from '../shell/login-page.tsx';
import { selectMode } from '../../machines/shell/selectors.ts';
import { AdminInviteModal, LoginAsModal, UsersExportModal } from './admin-modals.tsx';
import { AdminUsersTable } from './admin-users-table.tsx';
import { EditUserPanel } from './edit-user-panel.tsx';

/**
 * /admin-dashboard (spec §2.11). The spec lists it among the routes open when logged out: a
 * logged-out visitor gets the sign-in form here, and an internal admin who signs in stays on it.
 */
export function AdminDashboardRoute() {
  const mode = AuthActor.useSelector(selectMode);
  return mode === 'internalAdmin' ? <AdminDashboardPage /> : <LoginPage />;
}

function AdminDashboardPage() {
  const picker = useSystemActorRef(adminDashboardMachine, { input: { siteUrl: window.location.origin } });
  const edit = useSelector(picker, (s) => s.children.edit!);
  const invite = useSelector(picker, (s) => s.children.invite!);
  const exporter = useSelector(picker, (s) => s.children.exporter!);
  const loginAs = useSelector(picker, (s) => s.children.loginAs!);
  const state = useSelector(picker, (s) => s.value as string);
  const parents = useSelector(picker, (s) => s.context.parents);
  const parentId = useSelector(picker, (s) => s.context.parentId);
  const children = useSelector(picker, (s) => s.context.children);
  const childId = useSelector(picker, (s) => s.context.childId);
  const error = useSelector(picker, (s) => s.context.error);
  const search = useSelector(picker, selectUserSearch);
  const users = useSelector(picker, selectUsersShown);
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const child = children.find((c) => c.id === childId) ?? null;
  const onEdit = useCallback((u: AdminUserRow) => edit.send({ type: 'edit.opened', user: u }), [edit]);
  const onLogin = useCallback((u: AdminUserRow) => loginAs.send({ type: 'loginAs.opened', id: u.id, name: u.contactName }), [loginAs]);

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Anchor component={Link} to="/admin-login" size="sm">
          <Group gap={4}><IconArrowLeft size={14} />Back to Admin Login</Group>
        </Anchor>
        <Title order={1}>Admin Dashboard</Title>
        {error && (
          <Alert color="red" role="alert" title={error}>
            {state === 'parentsFailed' ? (
              <Button size="compact-sm" variant="default" onClick={() => picker.send({ type: 'adminDashboard.retried' })}>Try reloading the page</Button>
            ) : 'Try picking again.'}
          </Alert>
        )}
        <Group align="end" wrap="wrap">
          <Select
            label="Distributor"
            placeholder={state === 'loadingParents' ? 'Loading…' : 'Pick a distributor'}
            data={parents.map((p) => ({ value: String(p.id), label: p.nickname }))}
            value={parentId === null ? null : String(parentId)}
            onChange={(v) => v && picker.send({ type: 'adminDashboard.parentChosen', parentId: Number(v) })}
            searchable
            allowDeselect={false}
            w={compact ? '100%' : 260}
          />
          <Select
            label="House"
            placeholder={state === 'loadingChildren' ? 'Loading…' : parentId === null ? 'Pick a distributor first' : 'Pick a house'}
            data={children.map((c) => ({ value: String(c.id), label: c.nickname }))}
            value={childId === null ? null : String(childId)}
            onChange={(v) => v && picker.send({ type: 'adminDashboard.childChosen', childId: Number(v) })}
            searchable
            allowDeselect={false}
            disabled={children.length === 0}
            w={compact ? '100%' : 260}
          />
          <TextInput label="User search" placeholder="Name or email" leftSection={<IconSearch size={14} />} value={search} onChange={(e) => picker.send({ type: 'adminDashboard.searchChanged', search: e.currentTarget.value })} w={compact ? '100%' : 220} />
          <Button variant="default" leftSection={<IconDownload size={16} />} disabled={parentId === null} onClick={() => parentId !== null && exporter.send({ type: 'export.opened', parentId })}>
            Export Users
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} disabled={child?.referredPartnerId == null} onClick={() => child && invite.send({ type: 'invite.opened', house: child })}>
            Invite User
          </Button>
        </Group>
        <AdminUsersTable
          users={users}
          emptyText={state === 'loadingUsers' ? 'Loading users…' : state === 'showingUsers' ? 'No users' : SELECT_DISTRIBUTOR}
          onLogin={onLogin}
          onEdit={onEdit}
          compact={compact}
        />
      </Stack>
      <EditUserPanel actor={edit} />
      <AdminInviteModal actor={invite} />
      <UsersExportModal actor={exporter} houses={children} />
      <LoginAsModal actor={loginAs} />
    </Container>
  );
}
