import { Alert, Button, Checkbox, Divider, Select, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { panelUserMachine } from '../../machines/admin-panel/panel-user.ts';
import { sameView, selectUserEditorView } from '../../machines/admin-panel/selectors.ts';

/** The admin panel's user editor (spec §2.9). */
export function UserEditor({ actor }: { actor: ActorRefFrom<typeof panelUserMachine> }) {
  const view = useSelector(actor, selectUserEditorView, sameView);
  const { form, message, busy } = view;
  const change = (field: keyof typeof form, value: string | boolean) => actor.send({ type: 'panelUser.changed', field, value });
  return (
    <Stack gap="sm">
      {message && (
        <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
          {view.retry && (
            <Button ml="sm" size="compact-sm" variant="default" onClick={() => actor.send({ type: 'panelUser.retried' })}>Try again</Button>
          )}
        </Alert>
      )}
      <Select
        label="User"
        placeholder={view.userPlaceholder}
        data={view.userOptions}
        value={view.userId}
        onChange={(v) => v && actor.send({ type: 'panelUser.chosen', userId: Number(v) })}
        searchable
        limit={50}
        nothingFoundMessage="No such user"
        disabled={view.pickDisabled}
      />
      {view.chosen && (
        <>
          <TextInput label="Email" type="email" value={form.email} error={view.emailError} onChange={(e) => change('email', e.currentTarget.value)} />
          <TextInput label="Contact Name" value={form.contactName} error={view.contactNameError} onChange={(e) => change('contactName', e.currentTarget.value)} />
          <Checkbox label="Display Invoice Tab" checked={form.displayInvoice} onChange={(e) => change('displayInvoice', e.currentTarget.checked)} />
          <Checkbox label="Multi House" checked={form.isMultiHouse} onChange={(e) => change('isMultiHouse', e.currentTarget.checked)} />
          <Text size="sm" c="dimmed">The user must log out and log in again to see these changes.</Text>
          <Text size="sm" data-testid="session-figures">
            {view.sessionsText}
          </Text>
          <Button onClick={() => actor.send({ type: 'panelUser.updated' })} loading={view.updating} disabled={busy}>Update User</Button>
          <Divider />
          <TextInput label="Password" autoComplete="new-password" description="6 to 20 characters; the user's sessions end." value={form.password} onChange={(e) => change('password', e.currentTarget.value)} />
          <Button variant="outline" onClick={() => actor.send({ type: 'panelUser.passwordReset' })} loading={view.resetting} disabled={busy}>Reset Password</Button>
        </>
      )}
    </Stack>
  );
}
