import { Alert, Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { loadSpeedMachine } from '../../machines/admin-panel/load-speed-test.ts';
import { selectMeanTiming } from '../../machines/admin-panel/selectors.ts';
import { AuthActor } from '../shell/actor-contexts.ts';

/** The dashboard's load-speed test (analytics spec §6): only with the admin panel's testing flag on. */
export function LoadSpeedTest() {
  const userId = AuthActor.useSelector((s) => s.context.user?.id ?? 0);
  const adminEmail = AuthActor.useSelector((s) => s.context.adminUser?.email ?? '');
  const actor = useActorRef(loadSpeedMachine, { input: { userId, adminEmail } });
  const state = useSelector(actor, (s) => s.value as string);
  const amount = useSelector(actor, (s) => s.context.amount);
  const timings = useSelector(actor, (s) => s.context.timings);
  const mean = useSelector(actor, selectMeanTiming);
  const shown = useSelector(actor, (s) => s.context.enabled && s.context.adminEmail !== '');
  if (!shown) return null;
  return (
    <Paper withBorder p="sm" aria-label="Load-speed test" component="section">
      <Group align="end" gap="sm" wrap="wrap">
        <NumberInput label="Requests" min={1} max={50} value={amount} onChange={(v) => actor.send({ type: 'loadTest.amountChanged', amount: Number(v) })} w={110} />
        <Button onClick={() => actor.send({ type: 'loadTest.started' })} loading={state === 'running'} disabled={state !== 'idle'}>
          Run load test
        </Button>
        {state === 'sent' && <Alert color="green" p={6} role="status">Sent!</Alert>}
        {state === 'failed' && <Alert color="red" p={6} role="alert">Failed.</Alert>}
      </Group>
      {timings.length > 0 && (
        <Text size="sm" mt="xs" data-testid="load-timings">
          Dashboard computed in {timings.join(', ')} ms (mean {mean} ms).
        </Text>
      )}
    </Paper>
  );
}
