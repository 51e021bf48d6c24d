import { Alert, Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loadSpeedMachine } from '../../machines/admin-panel/load-speed-test.ts';
import { sameView, selectLoadSpeedView } from '../../machines/admin-panel/selectors.ts';

/**
 * The dashboard's load-speed test (analytics spec §6), the dashboard's child (machines/dashboard):
 * only with the admin panel's testing flag on.
 */
export function LoadSpeedPanel({ test }: { test: ActorRefFrom<typeof loadSpeedMachine> }) {
  const view = useSelector(test, selectLoadSpeedView, sameView);
  if (!view.shown) return null;
  return (
    <Paper withBorder p="sm" aria-label="Load-speed test" component="section">
      <Group align="end" gap="sm" wrap="wrap">
        <NumberInput label="Requests" min={1} max={50} value={view.amount} onChange={(v) => test.send({ type: 'loadTest.amountChanged', amount: Number(v) })} w={110} />
        <Button onClick={() => test.send({ type: 'loadTest.started' })} loading={view.running} disabled={!view.mayStart}>
          Run load test
        </Button>
        {view.sent && <Alert color="green" p={6} role="status">Sent!</Alert>}
        {view.failed && <Alert color="red" p={6} role="alert">Failed.</Alert>}
      </Group>
      {view.timings.length > 0 && (
        <Text size="sm" mt="xs" data-testid="load-timings">
          Dashboard computed in {view.timings.join(', ')} ms (mean {view.mean} ms).
        </Text>
      )}
    </Paper>
  );
}
