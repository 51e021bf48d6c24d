import { Alert, Button, CloseButton, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { editUserMachine } from '../../machines/user-management/edit-user.ts';
import { inviteUserMachine } from '../../machines/user-management/invite-user.ts';
import { userListMachine, visibleUsers } from '../../machines/user-management/user-list.ts';
import type { UserRow } from '../../model/account.ts';
import { assignableTitles, mayApprove, mayInvite, NO_DISTRIBUTOR_USERS, type Manager } from '../../model/user-permissions.ts';
import { AuthActor } from '../shell/actor-contexts.ts';
import { selectUser } from '../../machines/shell/selectors.ts';
import { EditUserDrawer } from './edit-user-drawer.tsx';
import { useForwardNotice } from './forward-notice.ts';
import { InviteUserModal } from './invite-user-modal.tsx';
import { PendingSection } from './pending-section.tsx';
import { UsersTable } from './users-table.tsx';

const selectManager = (s: Parameters<typeof selectUser>[0]): Manager | null => {
  const u = selectUser(s);
  return u && { id: u.id, title: u.title, internalAdmin: u.isInternalAdmin };
};
const sameManager = (a: Manager | null, b: Manager | null) => a?.id === b?.id && a?.title === b?.title && a?.internalAdmin === b?.internalAdmin;

/** /user-management (accounts spec §2.4): the users of the active distributor, invite, edit, deactivate. */
export function UserManagementPage() {
  const me = AuthActor.useSelector(selectManager, sameManager);
  const list = useActorRef(userListMachine);
  const reload = useCallback(() => list.send({ type: 'users.reload' }), [list]);
  const invite = useActorRef(inviteUserMachine.provide({ actions: { userInvited: reload } }), { input: { siteUrl: window.location.origin } });
  const edit = useActorRef(editUserMachine.provide({ actions: { userChanged: reload } }));

  const status = useSelector(list, (s) => s.value as 'loading' | 'loaded' | 'noDistributor' | 'failed');
  const search = useSelector(list, (s) => s.context.search);
  const total = useSelector(list, (s) => s.context.users.length);
  const rows = useSelector(list, (s) => visibleUsers(s.context), (a, b) => a.length === b.length && a.every((u, i) => u === b[i]));
  useForwardNotice(useSelector(invite, (s) => s.context.notice));
  useForwardNotice(useSelector(edit, (s) => s.context.notice));

  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const titles = useMemo(() => (me ? assignableTitles(me) : []), [me]);
  const openEdit = useCallback((user: UserRow) => me && edit.send({ type: 'edit.opened', user, me }), [edit, me]);
  if (!me) return null;

  const emptyText = total > 0 && search.trim() !== '' ? `No users match "${search.trim()}"` : NO_DISTRIBUTOR_USERS;

  return (
    <Stack gap="md" p={{ base: 0, sm: 'md' }}>
      <Group justify="space-between">
        <Title order={1}>Users</Title>
        {mayInvite(me) && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => invite.send({ type: 'invite.opened' })}>
            Invite User
          </Button>
        )}
      </Group>
      {mayApprove(me) && <PendingSection onDecided={reload} />}
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
      <UsersTable users={status === 'loading' && total === 0 ? [] : rows} emptyText={status === 'loading' ? 'Loading users…' : emptyText} onEdit={openEdit} compact={mobile} />
      <InviteUserModal actor={invite} titles={titles} />
      <EditUserDrawer actor={edit} titles={titles} />
    </Stack>
  );
}
