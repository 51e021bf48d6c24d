import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Paper, ScrollArea, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { salesRepsMachine } from '../../machines/business-panel/sales-reps.ts';
import { SALES_REP_ROLE_OPTIONS, sameView, selectSalesRepsView } from '../../machines/business-panel/selectors.ts';
import type { SalesRepRole } from '../../model/sales-reps.ts';

/** The Business Panel's sales reps (spec §2.10): a section of the page's machine. */
export function SalesRepsSection({ actor }: { actor: ActorRefFrom<typeof salesRepsMachine> }) {
  const view = useSelector(actor, selectSalesRepsView, sameView);
  const { selected, newRep, form, formOpen, error, busy, search, listed } = view;
  const send = actor.send;

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h3">Sales Reps</Title>
        {view.success && <Alert color="green" role="status">Success!</Alert>}
        {error && (
          <Alert color="red" role="alert">
            {error}
            {view.retry && <Button ml="sm" size="compact-sm" variant="default" onClick={() => send({ type: 'reps.retried' })}>Try again</Button>}
          </Alert>
        )}
        {!formOpen ? (
          <Group>
            <Button onClick={() => send({ type: 'reps.formOpened' })} disabled={!view.mayOpenForm}>Add Sales Reps</Button>
          </Group>
        ) : (
          <>
          <Switch label="New sales rep" checked={newRep} onChange={() => send({ type: 'reps.newToggled' })} disabled={!view.mayToggleNew} />
          {newRep ? (
            <Group grow wrap="wrap">
              <TextInput label="Email" type="email" value={form.email} onChange={(e) => send({ type: 'reps.changed', field: 'email', value: e.currentTarget.value })} />
              <TextInput label="Name" value={form.name} onChange={(e) => send({ type: 'reps.changed', field: 'name', value: e.currentTarget.value })} />
            </Group>
          ) : (
            <Group align="end" wrap="nowrap">
              <Select
                style={{ flex: 1 }}
                label="Sales rep"
                placeholder={view.repPlaceholder}
                data={view.repOptions}
                value={selected}
                onChange={(v) => send({ type: 'reps.chosen', email: v })}
                searchable
                clearable
                disabled={!view.repPickable}
              />
              {view.mayDelete && (
                <ActionIcon size="lg" variant="subtle" color="red" aria-label={`Delete sales rep ${selected}`} onClick={() => send({ type: 'reps.deleteAsked' })}>
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          )}
          <Select
            label="Role"
            placeholder="Pick a role"
            data={SALES_REP_ROLE_OPTIONS}
            value={form.role}
            onChange={(v) => v && send({ type: 'reps.roleChosen', role: v as SalesRepRole })}
            allowDeselect={false}
          />
          <Select
            label="Distributors"
            placeholder="Add a distributor"
            data={view.distributorOptions}
            value={null}
            onChange={(v) => v && send({ type: 'reps.distributorToggled', id: Number(v) })}
            searchable
            nothingFoundMessage="No distributors"
          />
          <TextInput label="Search" placeholder="Search the rep's distributors" value={search} onChange={(e) => send({ type: 'reps.searchChanged', value: e.currentTarget.value })} />
          <ScrollArea.Autosize mah={240} type="auto">
            <Stack gap={4} role="group" aria-label="Distributors of the sales rep">
              {view.loadingDistributors && <Text size="sm" c="dimmed">Loading distributors…</Text>}
              {view.noDistributors && <Text size="sm" c="dimmed">No distributors yet.</Text>}
              {listed.map((h) => (
                <Checkbox key={h.id} label={h.nickname} checked onChange={() => send({ type: 'reps.distributorToggled', id: h.id })} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group>
            <Button onClick={() => send({ type: 'reps.saved' })} loading={view.saving} disabled={busy}>Save</Button>
            <Button variant="default" onClick={() => send({ type: 'reps.cancelled' })} disabled={busy}>Cancel</Button>
          </Group>
          </>
        )}
      </Stack>
      <Modal opened={view.deleteOpen} onClose={() => send({ type: 'reps.deleteRefused' })} title="Are you sure?">
        <Text mb="md">Delete the sales rep {selected}?</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send({ type: 'reps.deleteRefused' })} disabled={!view.mayRefuseDelete}>No</Button>
          <Button color="red" onClick={() => send({ type: 'reps.deleteConfirmed' })} loading={view.deleting}>Yes</Button>
        </Group>
      </Modal>
    </Paper>
  );
}
