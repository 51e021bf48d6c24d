import { ActionIcon, Alert, Badge, Button, Checkbox, Divider, Drawer, Group, PasswordInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { adminUserEditMachine, EditForm } from '../../machines/admin-dashboard/admin-user-edit.ts';
import { sameView, selectEditUserView, Titles } from '../../machines/admin-dashboard/selectors.ts';
import type { Title } from '../../model/session-user.ts';

/** The admin dashboard's Edit User slide-in (spec §2.11). */
export function EditUserPanel({ actor }: { actor: ActorRefFrom<typeof adminUserEditMachine> }) {
  const view = useSelector(actor, selectEditUserView, sameView);
  const { form } = view;
  const send = actor.send;
  const change = <F extends 'email' | 'password' | 'confirmPassword' | 'displayIntel' | 'displayPaymentInfo' | 'title'>(field: F, value: EditForm[F]) =>
    send({ type: 'edit.changed', field, value } as never);

  return (
    // The panel ignores closing while it saves or deactivates.
    <Drawer opened={view.opened} onClose={() => send({ type: 'edit.closed' })} position="right" size="md" title={view.title}>
      <Stack gap="sm">
        {view.error && <Alert color="red" role="alert">{view.error}</Alert>}
        {view.done && <Alert color="green" role="status">{view.done}</Alert>}
        <TextInput label="Email Address" description="Used to log in" type="email" value={form.email} error={view.emailError} onChange={(e) => change('email', e.currentTarget.value)} />
        <Select label="Select Role" data={[...Titles]} value={form.title} allowDeselect={false} onChange={(v) => v && change('title', v as Title)} />
        <PasswordInput label="Password" autoComplete="new-password" value={form.password} error={view.passwordError} aria-invalid={view.passwordError ? true : undefined} onChange={(e) => change('password', e.currentTarget.value)} />
        <PasswordInput label="Confirm Password" autoComplete="new-password" value={form.confirmPassword} error={view.confirmError} aria-invalid={view.confirmError ? true : undefined} onChange={(e) => change('confirmPassword', e.currentTarget.value)} />
        <Checkbox label="Allow User to See Intel" checked={form.displayIntel} onChange={(e) => change('displayIntel', e.currentTarget.checked)} />
        <Checkbox label="Allow User to See Payment Information" checked={form.displayPaymentInfo} onChange={(e) => change('displayPaymentInfo', e.currentTarget.checked)} />
        <Divider label="Distributor Houses" labelPosition="left" />
        <Group align="end" wrap="nowrap">
          <Select
            style={{ flex: 1 }}
            label="Add a house"
            placeholder={view.housePlaceholder}
            data={view.houseOptions}
            value={null}
            searchable
            nothingFoundMessage="No other houses"
            disabled={!view.addEnabled}
            onChange={(v) => v && send({ type: 'edit.houseAdded', id: Number(v) })}
          />
          <Checkbox label="Include family" checked={view.includeFamily} onChange={() => send({ type: 'edit.familyToggled' })} mb={8} />
        </Group>
        <Table aria-label="Houses of the user">
          <Table.Tbody>
            {view.houses.map((h) => (
              <Table.Tr key={h.id}>
                <Table.Td>{h.nickname}</Table.Td>
                <Table.Td w={110}>
                  {h.active ? (
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
        <Button onClick={() => send({ type: 'edit.saved' })} loading={view.saving} disabled={view.saveDisabled}>
          Save
        </Button>
        <Divider label="Deactivate User" labelPosition="left" color="red" />
        <Text size="sm" c="dimmed">The person loses access to the portal and is signed out on all devices.</Text>
        <Button color="red" variant="outline" onClick={() => send({ type: 'edit.deactivated' })} loading={view.deactivating} disabled={view.deactivateDisabled}>
          Deactivate User
        </Button>
      </Stack>
    </Drawer>
  );
}
