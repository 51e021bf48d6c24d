import { ActionIcon, Alert, Badge, Button, Checkbox, Divider, Drawer, Group, PasswordInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { adminUserEditMachine } from '../../machines/admin-dashboard/admin-user-edit.ts';
import { sameHouses, selectHouseChoices, selectUserHouses, Titles } from '../../machines/admin-dashboard/selectors.ts';
import type { Title } from '../../model/session-user.ts';

/** The admin dashboard's Edit User slide-in (spec §2.11). */
export function EditUserPanel({ actor }: { actor: ActorRefFrom<typeof adminUserEditMachine> }) {
  const state = useSelector(actor, (s) => s.value as string);
  const user = useSelector(actor, (s) => s.context.user);
  const form = useSelector(actor, (s) => s.context.form);
  const includeFamily = useSelector(actor, (s) => s.context.includeFamily);
  const error = useSelector(actor, (s) => s.context.error);
  const done = useSelector(actor, (s) => s.context.done);
  const send = actor.send;
  const busy = state === 'saving' || state === 'deactivating';
  const activeId = user?.activeDistributorId ?? null;
  const mine = useSelector(actor, selectUserHouses, sameHouses);
  const options = useSelector(actor, selectHouseChoices, sameHouses);
  const change = <F extends 'email' | 'password' | 'confirmPassword' | 'displayIntel' | 'displayPaymentInfo' | 'title'>(field: F, value: (typeof form)[F]) =>
    send({ type: 'edit.changed', field, value } as never);

  return (
    <Drawer opened={state !== 'closed'} onClose={() => !busy && send({ type: 'edit.closed' })} position="right" size="md" title={`Edit User${user ? `: ${user.contactName}` : ''}`}>
      <Stack gap="sm">
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {done && <Alert color="green" role="status">{done}</Alert>}
        <TextInput label="Email Address" description="Used to log in" type="email" value={form.email} onChange={(e) => change('email', e.currentTarget.value)} />
        <Select label="Select Role" data={[...Titles]} value={form.title} allowDeselect={false} onChange={(v) => v && change('title', v as Title)} />
        <PasswordInput label="Password" autoComplete="new-password" value={form.password} onChange={(e) => change('password', e.currentTarget.value)} />
        <PasswordInput label="Confirm Password" autoComplete="new-password" value={form.confirmPassword} onChange={(e) => change('confirmPassword', e.currentTarget.value)} />
        <Checkbox label="Allow User to See Intel" checked={form.displayIntel} onChange={(e) => change('displayIntel', e.currentTarget.checked)} />
        <Checkbox label="Allow User to See Payment Information" checked={form.displayPaymentInfo} onChange={(e) => change('displayPaymentInfo', e.currentTarget.checked)} />
        <Divider label="Distributor Houses" labelPosition="left" />
        <Group align="end" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            label="Add a house"
            placeholder={state === 'loadingHouses' ? 'Loading…' : 'Pick a house'}
            data={options.map((h) => ({ value: String(h.id), label: h.nickname }))}
            value={null}
            searchable
            nothingFoundMessage="No other houses"
            disabled={state !== 'editing'}
            onChange={(v) => v && send({ type: 'edit.houseAdded', id: Number(v) })}
          />
          <Checkbox label="Include family" checked={includeFamily} onChange={() => send({ type: 'edit.familyToggled' })} mb={8} />
        </Group>
        <Table aria-label="Houses of the user">
          <Table.Tbody>
            {mine.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>{h.nickname}</Table.Td>
                <Table.Td w={110}>
                  {h.id === activeId ? (
                    <Badge color="green" variant="light">Active</Badge>
                  ) : (
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove ${h.nickname}`} onClick={() => send({ type: 'edit.houseRemoved', id: h.id })}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button onClick={() => send({ type: 'edit.saved' })} loading={state === 'saving'} disabled={busy || state === 'loadingHouses'}>
          Save
        </Button>
        <Divider label="Deactivate User" labelPosition="left" color="red" />
        <Text size="sm" c="dimmed">The person loses access to the portal and is signed out on all devices.</Text>
        <Button color="red" variant="outline" onClick={() => send({ type: 'edit.deactivated' })} loading={state === 'deactivating'} disabled={busy}>
          Deactivate User
        </Button>
      </Stack>
    </Drawer>
  );
}
