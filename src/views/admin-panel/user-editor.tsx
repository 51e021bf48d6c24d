import { Alert, Button, Checkbox, Divider, Select, Stack, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { panelUserMachine } from '../../machines/admin-panel/panel-user.ts';
import { sameSummary, selectSessionSummary } from '../../machines/admin-panel/selectors.ts';

/** The admin panel's user editor (spec §2.9). */
export function UserEditor() {
  const actor = useActorRef(panelUserMachine);
  const state = useSelector(actor, (s) => s.value as string);
  const users = useSelector(actor, (s) => s.context.users);
  const userId = useSelector(actor, (s) => s.context.userId);
  const form = useSelector(actor, (s) => s.context.form);
  const message = useSelector(actor, (s) => s.context.message);
  const change = (field: keyof typeof form, value: string | boolean) => actor.send({ type: 'panelUser.changed', field, value });
  const busy = state === 'updating' || state === 'resetting';
  const summary = useSelector(actor, selectSessionSummary, sameSummary);
  return (
    <Stack gap="sm">
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
          {state === 'usersFailed' && (
            <Button ml="sm" size="compact-sm" variant="default" onClick={() => actor.send({ type: 'panelUser.retried' })}>Try again</Button>
          )}
        </Alert>
      )}
      <Select
        label="User"
        placeholder={state === 'loadingUsers' ? 'Loading users…' : 'Search by name or email'}
        data={users.map((u) => ({ value: String(u.id), label: `${u.contactName} – ${u.email}` }))}
        value={userId === null ? null : String(userId)}
        onChange={(v) => v && actor.send({ type: 'panelUser.chosen', userId: Number(v) })}
        searchable
        limit={50}
        nothingFoundMessage="No such user"
        disabled={users.length === 0 || busy}
      />
      {userId !== null && (
        <>
          <TextInput label="Email" type="email" value={form.email} onChange={(e) => change('email', e.currentTarget.value)} />
          <TextInput label="Contact Name" value={form.contactName} onChange={(e) => change('contactName', e.currentTarget.value)} />
          <Checkbox label="Display Invoice Tab" checked={form.displayInvoice} onChange={(e) => change('displayInvoice', e.currentTarget.checked)} />
          <Checkbox label="Multi House" checked={form.isMultiHouse} onChange={(e) => change('isMultiHouse', e.currentTarget.checked)} />
          <Text size="sm" c="dimmed">The user must log out and log in again to see these changes.</Text>
          <Text size="sm" data-testid="session-figures">
            {state === 'loadingSessions' ? 'Loading sessions…' : summary ? `Sessions in the last 30 days: ${summary.count} · Time online: ${summary.online}` : "Couldn't load the sessions of this user."}
          </Text>
          <Button onClick={() => actor.send({ type: 'panelUser.updated' })} loading={state === 'updating'} disabled={busy}>Update User</Button>
          <Divider />
          <TextInput label="Password" autoComplete="new-password" description="6 to 20 characters; the user's sessions end." value={form.password} onChange={(e) => change('password', e.currentTarget.value)} />
          <Button variant="outline" onClick={() => actor.send({ type: 'panelUser.passwordReset' })} loading={state === 'resetting'} disabled={busy}>Reset Password</Button>
        </>
      )}
    </Stack>
  );
}
