import { Alert, Button, CloseButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import {
  managerGates, sameManager, sameUsers, selectEmptyText, selectListStatus, selectManager, selectSearch, selectShownUsers,
} from '../../machines/user-management/selectors.ts';
import { userListMachine } from '../../machines/user-management/user-list.ts';
import type { UserRow } from '../../model/account.ts';
import { AuthActor, useSystemActorRef } from '../shell/actor-contexts.ts';
import { EditUserDrawer } from './edit-user-drawer.tsx';
import { InviteUserModal } from './invite-user-modal.tsx';
import { PendingSection } from './pending-section.tsx';
import { UsersTable } from './users-table.tsx';

/** /user-management (accounts spec §2.4): the users of the active distributor, invite, edit, deactivate. */
export function UserManagementPage() {
  const me = AuthActor.useSelector(selectManager, sameManager);
  const { invite: mayInvite, approve: mayApprove, titles } = useMemo(() => managerGates(me), [me]);
  const list = useSystemActorRef(userListMachine, { input: { siteUrl: window.location.origin, approves: mayApprove } });
  const invite = useSelector(list, (s) => s.children.invite!);
  const edit = useSelector(list, (s) => s.children.edit!);
  const pending = useSelector(list, (s) => s.children.pending);

  const status = useSelector(list, selectListStatus);
  const search = useSelector(list, selectSearch);
  const rows = useSelector(list, selectShownUsers, sameUsers);
  const emptyText = useSelector(list, selectEmptyText);

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
        rightSection={search !== '' ? <CloseButton aria-label="Clear search" onClick={() => list.send({ type: 'users.searchChanged', value: '' })} /> : null}
      />
      {status === 'failed' && (
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
