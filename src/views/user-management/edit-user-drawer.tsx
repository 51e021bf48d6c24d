import { ActionIcon, Alert, Button, Checkbox, Drawer, Group, Loader, Modal, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title as Heading, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconX } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { editUserMachine } from '../../machines/user-management/edit-user.ts';
import type { Title } from '../../model/session-user.ts';
import { DEACTIVATE_WARNING, LOCATIONS_LOAD_FAILED, sameView, selectEditDrawerView, selectLocationPickerView, titleOfValue } from '../../machines/user-management/selectors.ts';
import { INVITE_ALL_TIP } from './invite-user-modal.tsx';

/** The Edit User side panel of §2.4; full width on phones. */
export function EditUserDrawer({ actor, titles }: { actor: ActorRefFrom<typeof editUserMachine>; titles: readonly Title[] }) {
  const view = useSelector(actor, (s) => selectEditDrawerView(s, titles), sameView);
  const { user, draft, selfEdit, emailError } = view;
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const send = actor.send;

  return (
    <Drawer
      opened={view.opened}
      onClose={() => view.closable && send({ type: 'edit.closed' })}
      position="right"
      size={mobile ? '100%' : 480}
      title={<Heading order={3}>Edit User</Heading>}
    >
      {user && (
        <Text fw={600} mb="sm">
          {user.contactName}
        </Text>
      )}
      {view.loading && <Loader aria-label="Loading the user's locations" />}
      {view.loadFailed && (
        <Alert color="red" role="alert">
          {LOCATIONS_LOAD_FAILED}
        </Alert>
      )}
      {view.showForm && draft && user && (
        <Stack gap="sm">
          <TextInput
            label="Email"
            value={draft.email}
            description={view.emailNote}
            error={emailError}
            onChange={(e) => send({ type: 'edit.emailChanged', value: e.currentTarget.value })}
          />
          <Select
            label="Role"
            data={view.roleOptions}
            value={view.role}
            disabled={selfEdit}
            allowDeselect={false}
            onChange={(v) => {
              const title = titleOfValue(v);
              if (title) send({ type: 'edit.roleChanged', title });
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Allow User to See Payment Info"
            checked={draft.displayPaymentInfo}
            disabled={selfEdit}
            onChange={(e) => send({ type: 'edit.paymentInfoChanged', value: e.currentTarget.checked })}
          />
          <Group gap={6}>
            <Checkbox
              label="Invite To All"
              checked={draft.inviteAll}
              disabled={selfEdit}
              onChange={(e) => send({ type: 'edit.inviteAllChanged', value: e.currentTarget.checked })}
            />
            <Tooltip label={INVITE_ALL_TIP} withArrow multiline w={240} events={{ hover: true, focus: true, touch: true }}>
              <IconInfoCircle size={16} aria-label={INVITE_ALL_TIP} tabIndex={0} color="var(--mantine-color-dimmed)" />
            </Tooltip>
          </Group>
          {selfEdit && (
            <Text size="xs" c="dimmed">
              On your own account you can change the email only.
            </Text>
          )}

          <Group justify="space-between" mt="xs">
            <Text fw={600}>Locations</Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" disabled={!view.mayAddLocations} onClick={() => send({ type: 'edit.addLocationsOpened' })}>
                Add Locations
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                disabled={!view.mayClearLocations}
                onClick={() => send({ type: 'edit.locationsCleared' })}
              >
                Clear All
              </Button>
            </Group>
          </Group>
          {view.picking && <LocationPicker actor={actor} />}
          {view.everyLocation ? (
            <Text size="sm" c="dimmed">
              Every location of the distributor, including ones added later.
            </Text>
          ) : view.noLocations ? (
            <Text size="sm" c="dimmed">
              No locations.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={mobile ? 260 : 320}>
              <Table striped aria-label="Locations" verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Location</Table.Th>
                    <Table.Th>Customer #</Table.Th>
                    <Table.Th w={40} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {draft.locations.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>{m.merchant}</Table.Td>
                      <Table.Td>{m.dcn || '--'}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={`Remove ${m.merchant}`}
                          disabled={!view.mayRemoveLocation}
                          onClick={() => send({ type: 'edit.locationRemoved', id: m.id })}
                        >
                          <IconX size={14} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}

          <Group justify="space-between" mt="md">
            {view.offersDeactivate ? (
              <Button color="red" variant="outline" disabled={!view.mayDeactivate} onClick={() => send({ type: 'edit.deactivateAsked' })}>
                Deactivate User
              </Button>
            ) : (
              <span />
            )}
            <Button disabled={!view.maySave} loading={view.saving} onClick={() => send({ type: 'edit.saved' })}>
              Save
            </Button>
          </Group>
        </Stack>
      )}

      <Modal
        opened={view.confirmOpen}
        onClose={() => view.mayCancelDeactivate && send({ type: 'edit.deactivateCancelled' })}
        title="Deactivate User"
        centered
        zIndex={300}
      >
        <Text size="sm">
          {user?.contactName} {DEACTIVATE_WARNING}.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" disabled={!view.mayCancelDeactivate} onClick={() => send({ type: 'edit.deactivateCancelled' })}>
            Cancel
          </Button>
          <Button color="red" loading={view.deactivating} onClick={() => send({ type: 'edit.deactivateConfirmed' })}>
            Deactivate
          </Button>
        </Group>
      </Modal>
    </Drawer>
  );
}

/** The Add Locations picker: the editor's locations the user does not have yet; Add is disabled until one is checked. */
function LocationPicker({ actor }: { actor: ActorRefFrom<typeof editUserMachine> }) {
  const { noChoices, offersFilter, filter, rows, addDisabled } = useSelector(actor, selectLocationPickerView, sameView);
  return (
    <Paper withBorder p="xs" aria-label="Add Locations">
      {noChoices ? (
        <Text size="sm" c="dimmed">
          The user already has every location you can give.
        </Text>
      ) : (
        <>
          {offersFilter && (
            <TextInput
              size="xs"
              mb="xs"
              placeholder="Find a location"
              aria-label="Find a location"
              value={filter}
              onChange={(e) => actor.send({ type: 'edit.locationFilterChanged', value: e.currentTarget.value })}
            />
          )}
          <ScrollArea.Autosize mah={220}>
            <Stack gap={6}>
              {rows.map((m) => (
                <Checkbox
                  key={m.id}
                  label={m.label}
                  checked={m.checked}
                  onChange={() => actor.send({ type: 'edit.locationPicked', id: m.id })}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </>
      )}
      <Group justify="flex-end" mt="xs">
        <Button size="compact-sm" variant="default" onClick={() => actor.send({ type: 'edit.addLocationsCancelled' })}>
          Cancel
        </Button>
        <Button size="compact-sm" disabled={addDisabled} onClick={() => actor.send({ type: 'edit.locationsAdded' })}>
          Add
        </Button>
      </Group>
    </Paper>
  );
}
