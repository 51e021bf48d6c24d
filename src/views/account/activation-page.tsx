import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { activationMachine } from '../../machines/activation.ts';
import { PublicCard } from './form-bits.tsx';
import { CardLink, NextButton } from './result-card.tsx';

/** /activate/{token}: activates once when opened, then says how it went. */
export function ActivationPage() {
  const { token = '' } = useParams();
  const actor = useActorRef(activationMachine, { input: { token } });
  const status = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);

  return (
    <PublicCard title="Account Activation">
      {status === 'activating' && (
        <Group gap="sm">
          <Loader size="sm" aria-label="Activating" />
          <Text c="dimmed">Activating your account…</Text>
        </Group>
      )}
      {status === 'activated' && (
        <>
          <Text role="status" fw={500}>
            {message}
          </Text>
          <NextButton to="/login">Login</NextButton>
        </>
      )}
      {status === 'failed' && (
        <>
          <Alert color="red" icon={<IconAlertCircle />} role="alert" title="Activation failed">
            {message}
          </Alert>
          <CardLink to="/login">Back to Login</CardLink>
        </>
      )}
    </PublicCard>
  );
}
