import { Alert, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import type { ActorRefFrom } from 'xstate';
import type { auditLogMachine } from '../../machines/admin-panel/audit-log.ts';
import { AUDIT_EVENTS, sameView, selectAuditView } from '../../machines/admin-panel/selectors.ts';
import type { AuditEvent } from '../../model/impersonation.ts';

/** The impersonation audit log (docs/admin-tools.md): read only, newest first, filtered by event, day and text. */
export function AuditLogSection({ actor }: { actor: ActorRefFrom<typeof auditLogMachine> }) {
  const { rows, error, loading, empty, hasRows, draft } = useSelector(actor, selectAuditView, sameView);
  const change = (fields: Partial<typeof draft>) => actor.send({ type: 'audit.draftChanged', draft: fields });
  return (
    <>
      <Group align="end" wrap="wrap" mb="sm">
        <Select label="Event" placeholder="All events" clearable data={AUDIT_EVENTS} value={draft.event} onChange={(v) => change({ event: v as AuditEvent | null })} w={150} />
        <TextInput label="From day" type="date" value={draft.from} onChange={(e) => change({ from: e.currentTarget.value })} w={170} />
        <TextInput label="Search" placeholder="Email, reason, call" value={draft.search} onChange={(e) => change({ search: e.currentTarget.value })} w={220} />
        <Button onClick={() => actor.send({ type: 'audit.applied' })} loading={loading}>Filter</Button>
      </Group>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {empty && <Text c="dimmed">No audit entries.</Text>}
      {hasRows && (
        // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
        <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Audit log entries">
          <Table striped miw={760} aria-label="Audit log" data-testid="audit-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th><Table.Th>Event</Table.Th><Table.Th>Admin</Table.Th><Table.Th>User</Table.Th>
                <Table.Th>Reason</Table.Th><Table.Th>Call</Table.Th><Table.Th>Record</Table.Th><Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{dayjs(r.at).format('MM-DD-YYYY HH:mm:ss')}</Table.Td>
                  <Table.Td>{r.event}</Table.Td>
                  <Table.Td>{r.adminEmail}</Table.Td>
                  <Table.Td>{r.userEmail ?? ''}</Table.Td>
                  <Table.Td>{r.reason ?? ''}</Table.Td>
                  <Table.Td>{r.call ?? ''}</Table.Td>
                  <Table.Td>{r.record ?? ''}</Table.Td>
                  <Table.Td>{r.status ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </>
  );
}
