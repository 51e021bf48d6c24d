import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pendingUsersMachine } from '../../machines/user-management/pending-users.ts';
import { formatUserDate } from '../../machines/user-management/selectors.ts';

/**
 * Sign-ups waiting for an Admin or Leadership user of the family (accounts spec §2.4): nobody who signed up
 * sees anything until someone here vouches for them. Hidden when none wait.
 */
export function PendingSection({ actor }: { actor: ActorRefFrom<typeof pendingUsersMachine> }) {
  const status = useSelector(actor, (s) => s.value as 'loading' | 'loaded' | 'deciding' | 'failed');
  const pending = useSelector(actor, (s) => s.context.pending);
  const deciding = useSelector(actor, (s) => s.context.deciding);
  const error = useSelector(actor, (s) => s.context.error);

  if (status === 'failed') {
    return (
      <Alert color="red" title="Couldn't load the sign-ups waiting for approval" role="alert">
        <Group justify="space-between">
          {error}
          <Button size="compact-sm" variant="light" color="red" onClick={() => actor.send({ type: 'pending.retry' })}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (pending.length === 0) return null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pending-title">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="pending-title">
            Pending
          </Title>
          <Badge color="yellow" variant="light">
            {pending.length} waiting for approval
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          They signed up for your distributor and see nothing until you approve them. Each is told by email.
        </Text>
        {error && (
          <Alert color="orange" role="alert">
            {error}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Sign-ups waiting for approval">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>House</Table.Th>
                <Table.Th>Requested</Table.Th>
                <Table.Th>Email confirmed</Table.Th>
                <Table.Th aria-label="Decision" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.map((p) => {
                const mine = deciding?.id === p.id;
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.contactName}</Table.Td>
                    <Table.Td>{p.email}</Table.Td>
                    <Table.Td>{p.house}</Table.Td>
                    <Table.Td>{formatUserDate(p.requestedAt)}</Table.Td>
                    <Table.Td>{p.emailConfirmed ? 'Yes' : 'Not yet'}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          aria-label={`Approve ${p.contactName}`}
                          loading={mine && deciding?.decision === 'approve'}
                          disabled={status !== 'loaded'}
                          onClick={() => actor.send({ type: 'pending.approve', id: p.id })}
                        >
                          Approve
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          aria-label={`Reject ${p.contactName}`}
                          loading={mine && deciding?.decision === 'reject'}
                          disabled={status !== 'loaded'}
                          onClick={() => actor.send({ type: 'pending.reject', id: p.id })}
                        >
                          Reject
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
