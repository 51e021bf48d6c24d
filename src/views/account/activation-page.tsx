import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { activationMachine, emailApprovalMachine, emailConfirmationMachine } from '../../machines/account/activation.ts';
import { PublicCard } from './form-bits.tsx';
import { CardLink, NextButton } from './result-card.tsx';
import { selectLinkExpired } from '../../machines/account/selectors.ts';

interface LinkScreen {
  machine: typeof activationMachine;
  title: string;
  busy: string;
  failedTitle: string;
}

const ACTIVATION: LinkScreen = { machine: activationMachine, title: 'Account Activation', busy: 'Activating your account…', failedTitle: 'Activation failed' };
const EMAIL_CONFIRMATION: LinkScreen = {
  machine: emailConfirmationMachine, title: 'Email Confirmation', busy: 'Confirming your new email address…', failedTitle: 'Confirmation failed',
};
const EMAIL_APPROVAL: LinkScreen = {
  machine: emailApprovalMachine, title: 'Email Change Approval', busy: 'Approving the change of your email address…', failedTitle: 'Approval failed',
};

/** /activate/{token}: activates once when opened, then says how it went. */
export const ActivationPage = () => <LinkPage screen={ACTIVATION} />;

/** /confirm-email/{token}: confirms an email change once when opened (accounts spec §2.4). */
export const EmailConfirmationPage = () => <LinkPage screen={EMAIL_CONFIRMATION} />;

/** /approve-email-change/{token}: the owner approves someone else's change of their email once when opened. */
export const EmailApprovalPage = () => <LinkPage screen={EMAIL_APPROVAL} />;

function LinkPage({ screen }: { screen: LinkScreen }) {
  const { token = '' } = useParams();
  const actor = useActorRef(screen.machine, { input: { token } });
  const status = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);
  const expired = useSelector(actor, selectLinkExpired);

  return (
    <PublicCard title={screen.title}>
      {status === 'activating' && (
        <Group gap="sm">
          <Loader size="sm" aria-label="Working" />
          <Text c="dimmed">{screen.busy}</Text>
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
          <Alert color="red" icon={<IconAlertCircle />} role="alert" title={screen.failedTitle}>
            {message}
          </Alert>
          {/* §8: a dead link leads to Forgot Password, whose email brings a working one. */}
          {expired && <NextButton to="/forgot-password">Forgot Password</NextButton>}
          <CardLink to="/login">Back to Login</CardLink>
        </>
      )}
    </PublicCard>
  );
}
