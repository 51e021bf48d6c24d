import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { adminInviteMachine } from '../../machines/admin-dashboard/admin-invite.ts';
import type { loginAsMachine } from '../../machines/admin-dashboard/login-as.ts';
import type { usersExportMachine } from '../../machines/admin-dashboard/users-export.ts';
import { FAMILY, Titles } from '../../machines/admin-dashboard/selectors.ts';
import type { AdminHouse } from '../../model/admin.ts';
import type { Title } from '../../model/session-user.ts';
import { ReasonField } from '../admin-switch/reason-field.tsx';

/** Invite User (spec §2.11): Name*, Email Address*, Select Role*, the two flags. */
export function AdminInviteModal({ actor }: { actor: ActorRefFrom<typeof adminInviteMachine> }) {
  const state = useSelector(actor, (s) => s.value as string);
  const form = useSelector(actor, (s) => s.context.form);
  const invalid = useSelector(actor, (s) => s.context.invalid);
  const result = useSelector(actor, (s) => s.context.result);
  const house = useSelector(actor, (s) => s.context.house);
  const change = (field: keyof typeof form, value: string | boolean | null) => actor.send({ type: 'invite.changed', field, value: value as never });
  return (
    <>
      <Modal opened={state !== 'closed'} onClose={() => actor.send({ type: 'invite.closed' })} title={`Invite User${house ? ` to ${house.nickname}` : ''}`}>
        <Stack gap="sm">
          {result && !result.ok && (
            <Alert color="red" role="alert" title="Error">
              {result.message}. Try again.
            </Alert>
          )}
          <TextInput label="Name" required value={form.contactName} error={invalid.includes('contactName') ? 'Name must be at least 3 characters' : undefined} onChange={(e) => change('contactName', e.currentTarget.value)} />
          <TextInput label="Email Address" type="email" required value={form.email} error={invalid.includes('email') ? 'Enter a valid email address' : undefined} onChange={(e) => change('email', e.currentTarget.value)} />
          <Select label="Select Role" placeholder="Pick a Role" required data={[...Titles]} value={form.title} error={invalid.includes('title') ? 'Choose a role' : undefined} onChange={(v) => change('title', v as Title | null)} />
          <Checkbox label="Allow User to See Intel" checked={form.displayIntel} onChange={(e) => change('displayIntel', e.currentTarget.checked)} />
          <Checkbox label="Allow User to See Payment Info" checked={form.displayPaymentInfo} onChange={(e) => change('displayPaymentInfo', e.currentTarget.checked)} />
          <Button onClick={() => actor.send({ type: 'invite.submitted' })} loading={state === 'sending'}>
            Invite User
          </Button>
        </Stack>
      </Modal>
      <Modal opened={state === 'closed' && result?.ok === true} onClose={() => actor.send({ type: 'invite.closed' })} title="User Invited">
        <Text>{result?.message}</Text>
      </Modal>
    </>
  );
}

/** Export Users: 'Pick a Distributor' with 'All Houses For Family', then Export (UsersExport.csv). */
export function UsersExportModal({ actor, houses }: { actor: ActorRefFrom<typeof usersExportMachine>; houses: AdminHouse[] }) {
  const state = useSelector(actor, (s) => s.value as string);
  const choice = useSelector(actor, (s) => s.context.choice);
  const error = useSelector(actor, (s) => s.context.error);
  const data = [{ value: FAMILY, label: 'All Houses For Family' }, ...houses.map((h) => ({ value: String(h.id), label: h.nickname }))];
  return (
    <Modal opened={state !== 'closed'} onClose={() => actor.send({ type: 'export.closed' })} title="Export Users">
      <Stack gap="sm">
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Select
          label="Pick a Distributor"
          placeholder="Pick a Distributor"
          data={data}
          value={choice === null ? null : String(choice)}
          onChange={(v) => v && actor.send({ type: 'export.chosen', choice: v === FAMILY ? FAMILY : Number(v) })}
        />
        <Button onClick={() => actor.send({ type: 'export.submitted' })} disabled={choice === null} loading={state === 'loading'}>
          Export
        </Button>
      </Stack>
    </Modal>
  );
}

/** The reason prompt before logging in as a user (docs/admin-tools.md). */
export function LoginAsModal({ actor }: { actor: ActorRefFrom<typeof loginAsMachine> }) {
  const state = useSelector(actor, (s) => s.value as string);
  const user = useSelector(actor, (s) => s.context.user);
  const reason = useSelector(actor, (s) => s.context.reason);
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Modal opened={state === 'asking' || state === 'switching'} onClose={() => actor.send({ type: 'loginAs.cancelled' })} title={`Log in as ${user?.name ?? ''}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'loginAs.submitted' });
        }}
      >
        <Stack gap="sm">
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <ReasonField value={reason} onChange={(r) => actor.send({ type: 'loginAs.reasonChanged', reason: r })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => actor.send({ type: 'loginAs.cancelled' })}>Cancel</Button>
            <Button type="submit" loading={state === 'switching'}>Log in as user</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
