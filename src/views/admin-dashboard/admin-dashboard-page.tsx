import { Alert, Anchor, Button, Container, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconDownload, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { adminDashboardMachine } from '../../machines/admin-dashboard/admin-dashboard.ts';
import type { adminDashboardPageMachine } from '../../machines/admin-dashboard/admin-dashboard-screen.ts';
import { sameView, selectAdminDashboardView, selectDashboard } from '../../machines/admin-dashboard/selectors.ts';
import type { AdminUserRow } from '../../model/admin.ts';
import { AuthActor } from '../../app-actor.ts';
import { LoginPage } from '../shell/login-page.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';
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
  return mode === 'internalAdmin' ? <OwnedPage page="adminDashboard">{(page) => <AdminDashboardPage page={page} />}</OwnedPage> : <LoginPage />;
}

function AdminDashboardPage({ page }: { page: ActorRefFrom<typeof adminDashboardPageMachine> }) {
  const picker = useSelector(page, selectDashboard);
  // The page restarts for the admin just signed in; until then it is the visitor's.
  return picker ? <AdminDashboardScreen picker={picker} /> : null;
}

function AdminDashboardScreen({ picker }: { picker: ActorRefFrom<typeof adminDashboardMachine> }) {
  const view = useSelector(picker, selectAdminDashboardView, sameView);
  const { edit, invite, exporter, loginAs, search, users } = view;
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const onEdit = useCallback((u: AdminUserRow) => edit.send({ type: 'edit.opened', user: u }), [edit]);
  const onLogin = useCallback((u: AdminUserRow) => loginAs.send({ type: 'loginAs.opened', id: u.id, name: u.contactName }), [loginAs]);
  const { exportFor, inviteHouse } = view;

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Anchor component={Link} to="/admin-login" size="sm">
          <Group gap={4}><IconArrowLeft size={14} />Back to Admin Login</Group>
        </Anchor>
        <Title order={1}>Admin Dashboard</Title>
        {view.error && (
          <Alert color="red" role="alert" title={view.error}>
            {view.retry ? (
              <Button size="compact-sm" variant="default" onClick={() => picker.send({ type: 'adminDashboard.retried' })}>Try reloading the page</Button>
            ) : 'Try picking again.'}
          </Alert>
        )}
        <Group align="end" wrap="wrap">
          <Select
            label="Distributor"
            placeholder={view.parentPlaceholder}
            data={view.parentOptions}
            value={view.parentId}
            onChange={(v) => v && picker.send({ type: 'adminDashboard.parentChosen', parentId: Number(v) })}
            searchable
            allowDeselect={false}
            w={compact ? '100%' : 260}
          />
          <Select
            label="House"
            placeholder={view.childPlaceholder}
            data={view.childOptions}
            value={view.childId}
            onChange={(v) => v && picker.send({ type: 'adminDashboard.childChosen', childId: Number(v) })}
            searchable
            allowDeselect={false}
            disabled={view.childDisabled}
            w={compact ? '100%' : 260}
          />
          <TextInput label="User search" placeholder="Name or email" leftSection={<IconSearch size={14} />} value={search} onChange={(e) => picker.send({ type: 'adminDashboard.searchChanged', search: e.currentTarget.value })} w={compact ? '100%' : 220} />
          <Button variant="default" leftSection={<IconDownload size={16} />} disabled={view.exportDisabled} onClick={() => exportFor !== null && exporter.send({ type: 'export.opened', parentId: exportFor })}>
            Export Users
          </Button>
          <Button leftSection={<IconUserPlus size={16} />} disabled={view.inviteDisabled} onClick={() => inviteHouse && invite.send({ type: 'invite.opened', house: inviteHouse })}>
            Invite User
          </Button>
        </Group>
        <AdminUsersTable
          users={users}
          emptyText={view.emptyText}
          onLogin={onLogin}
          onEdit={onEdit}
          compact={compact}
        />
      </Stack>
      <EditUserPanel actor={edit} />
      <AdminInviteModal actor={invite} />
      <UsersExportModal actor={exporter} houses={view.children} />
      <LoginAsModal actor={loginAs} />
    </Container>
  );
}
