import { Alert, Button, CloseButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { sameView, selectManagerView, selectUserManagementView } from '../../machines/user-management/selectors.ts';
import type { userListMachine } from '../../machines/user-management/user-list.ts';
import type { UserRow } from '../../model/account.ts';
import { AuthActor } from '../../app-actor.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { EditUserDrawer } from './edit-user-drawer.tsx';
import { InviteUserModal } from './invite-user-modal.tsx';
import { PendingSection } from './pending-section.tsx';
import { UsersTable } from './users-table.tsx';

/** /user-management (accounts spec §2.4): the users of the active distributor, invite, edit, deactivate. */
export function UserManagementPage() {
  return <OwnedPage page="userManagement">{(page) => <UserManagementScreen list={page} />}</OwnedPage>;
}

function UserManagementScreen({ list }: { list: ActorRefFrom<typeof userListMachine> }) {
  const { me, invite: mayInvite, titles } = AuthActor.useSelector(selectManagerView, sameView);
  const { invite, edit, pending, failed, search, clearable, rows, emptyText } = useSelector(list, selectUserManagementView, sameView);

  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const openEdit = useCallback((user: UserRow) => me && edit.send({ type: 'edit.opened', user, me }), [edit, me]);
  if (!me) return null;

  return (
    <Stack gap="md" p={{ base: 0, sm: 'md' }}>
      <Group justify="space-between">
        <Title order={1}>Users</Title>
        {mayInvite && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => invite.send({ type: 'invite.opened' })}>
            Invite User
          </Button>
        )}
      </Group>
      {pending && <PendingSection actor={pending} />}
      <TextInput
        maw={420}
        placeholder="Search by name or email"
        aria-label="Search users"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => list.send({ type: 'users.searchChanged', value: e.currentTarget.value })}
        rightSection={clearable ? <CloseButton aria-label="Clear search" onClick={() => list.send({ type: 'users.searchChanged', value: '' })} /> : null}
      />
      {failed && (
        <Alert color="red" title="Something went wrong!" role="alert">
          <Group justify="space-between">
            Couldn't load the users.
            <Button size="compact-sm" variant="light" color="red" onClick={() => list.send({ type: 'users.retry' })}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      <UsersTable users={rows} emptyText={emptyText} onEdit={openEdit} compact={mobile} />
      <InviteUserModal actor={invite} titles={titles} />
      <EditUserDrawer actor={edit} titles={titles} />
    </Stack>
  );
}
