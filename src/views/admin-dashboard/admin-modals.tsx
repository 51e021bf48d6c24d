import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { adminInviteMachine } from '../../machines/admin-dashboard/admin-invite.ts';
import type { loginAsMachine } from '../../machines/admin-dashboard/login-as.ts';
import type { usersExportMachine } from '../../machines/admin-dashboard/users-export.ts';
import {
  exportChoiceOf, exportOptions, sameView, selectInviteView, selectLoginAsView, selectUsersExportView, Titles,
} from '../../machines/admin-dashboard/selectors.ts';
import type { AdminHouse } from '../../model/admin.ts';
import type { Title } from '../../model/session-user.ts';
import { ReasonField } from '../admin-switch/reason-field.tsx';

/** Invite User (spec §2.11): Name*, Email Address*, Select Role*, the two flags. */
export function AdminInviteModal({ actor }: { actor: ActorRefFrom<typeof adminInviteMachine> }) {
  const view = useSelector(actor, selectInviteView, sameView);
  const { form } = view;
  const change = (field: keyof typeof form, value: string | boolean | null) => actor.send({ type: 'invite.changed', field, value: value as never });
  return (
    <>
      <Modal opened={view.opened} onClose={() => actor.send({ type: 'invite.closed' })} title={view.title}>
        <Stack gap="sm">
          {view.error && (
            <Alert color="red" role="alert" title="Error">
              {view.error}
            </Alert>
          )}
          <TextInput label="Name" required value={form.contactName} error={view.nameError} onChange={(e) => change('contactName', e.currentTarget.value)} />
          <TextInput label="Email Address" type="email" required value={form.email} error={view.emailError} onChange={(e) => change('email', e.currentTarget.value)} />
          <Select label="Select Role" placeholder="Pick a Role" required data={[...Titles]} value={form.title} error={view.titleError} onChange={(v) => change('title', v as Title | null)} />
          <Checkbox label="Allow User to See Intel" checked={form.displayIntel} onChange={(e) => change('displayIntel', e.currentTarget.checked)} />
          <Checkbox label="Allow User to See Payment Info" checked={form.displayPaymentInfo} onChange={(e) => change('displayPaymentInfo', e.currentTarget.checked)} />
          <Button onClick={() => actor.send({ type: 'invite.submitted' })} loading={view.sending}>
            Invite User
          </Button>
        </Stack>
      </Modal>
      <Modal opened={view.invitedOpened} onClose={() => actor.send({ type: 'invite.closed' })} title="User Invited">
        <Text>{view.invitedMessage}</Text>
      </Modal>
    </>
  );
}

/** Export Users: 'Pick a Distributor' with 'All Houses For Family', then Export (UsersExport.csv). */
export function UsersExportModal({ actor, houses }: { actor: ActorRefFrom<typeof usersExportMachine>; houses: AdminHouse[] }) {
  const view = useSelector(actor, selectUsersExportView, sameView);
  return (
    <Modal opened={view.opened} onClose={() => actor.send({ type: 'export.closed' })} title="Export Users">
      <Stack gap="sm">
        {view.error && <Alert color="red" role="alert">{view.error}</Alert>}
        <Select
          label="Pick a Distributor"
          placeholder="Pick a Distributor"
          data={exportOptions(houses)}
          value={view.choice}
          onChange={(v) => v && actor.send({ type: 'export.chosen', choice: exportChoiceOf(v) })}
        />
        <Button onClick={() => actor.send({ type: 'export.submitted' })} disabled={view.exportDisabled} loading={view.loading}>
          Export
        </Button>
      </Stack>
    </Modal>
  );
}

/** The reason prompt before logging in as a user (docs/admin-tools.md). */
export function LoginAsModal({ actor }: { actor: ActorRefFrom<typeof loginAsMachine> }) {
  const view = useSelector(actor, selectLoginAsView, sameView);
  return (
    <Modal opened={view.opened} onClose={() => actor.send({ type: 'loginAs.cancelled' })} title={view.title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'loginAs.submitted' });
        }}
      >
        <Stack gap="sm">
          {view.error && <Alert color="red" role="alert">{view.error}</Alert>}
          <ReasonField value={view.reason} onChange={(r) => actor.send({ type: 'loginAs.reasonChanged', reason: r })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'loginAs.cancelled' })}>Cancel</Button>
            <Button type="submit" loading={view.switching}>Log in as user</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
