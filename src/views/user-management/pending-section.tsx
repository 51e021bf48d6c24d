import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { pendingUsersMachine } from '../../machines/user-management/pending-users.ts';
import { sameView, selectPendingView } from '../../machines/user-management/selectors.ts';

/**
 * Sign-ups waiting for an Admin or Leadership user of the family (accounts spec §2.4): nobody who signed up
 * sees anything until someone here vouches for them. Hidden when none wait.
 */
export function PendingSection({ actor }: { actor: ActorRefFrom<typeof pendingUsersMachine> }) {
  const view = useSelector(actor, selectPendingView, sameView);

  if (view.failed) {
    return (
      <Alert color="red" title="Couldn't load the sign-ups waiting for approval" role="alert">
        <Group justify="space-between">
          {view.error}
          <Button size="compact-sm" variant="light" color="red" disabled={!view.mayRetry} onClick={() => actor.send({ type: 'pending.retry' })}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  if (!view.shown) return null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pending-title">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="pending-title">
            Pending
          </Title>
          <Badge color="yellow" variant="light">
            {view.waiting}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          They signed up for your distributor and see nothing until you approve them. Each is told by email.
        </Text>
        {view.error && (
          <Alert color="orange" role="alert">
            {view.error}
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
              {view.rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{p.email}</Table.Td>
                  <Table.Td>{p.house}</Table.Td>
                  <Table.Td>{p.requested}</Table.Td>
                  <Table.Td>{p.emailConfirmed}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        aria-label={`Approve ${p.name}`}
                        loading={p.approving}
                        disabled={!view.mayDecide}
                        onClick={() => actor.send({ type: 'pending.approve', id: p.id })}
                      >
                        Approve
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        aria-label={`Reject ${p.name}`}
                        loading={p.rejecting}
                        disabled={!view.mayDecide}
                        onClick={() => actor.send({ type: 'pending.reject', id: p.id })}
                      >
                        Reject
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
