import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { activationMachine, emailApprovalMachine, emailConfirmationMachine } from '../../machines/account/activation.ts';
import { PublicCard } from './form-bits.tsx';
import { CardLink, NextButton } from './result-card.tsx';
import { selectLinkExpired, selectOffersLogin } from '../../machines/account/selectors.ts';

interface LinkScreen {
  machine: typeof activationMachine;
  title: string;
  /** What pressing the button will do, shown before anything happens. */
  intro: string;
  action: string;
  failedTitle: string;
}

const ACTIVATION: LinkScreen = {
  machine: activationMachine, title: 'Account Activation', intro: 'Activate your account to confirm this email address is yours.',
  action: 'Activate Account', failedTitle: 'Activation failed',
};
const EMAIL_CONFIRMATION: LinkScreen = {
  machine: emailConfirmationMachine, title: 'Email Confirmation', intro: 'Confirm that this address is the new email of your portal account. You will log in with it from now on.',
  action: 'Confirm New Email', failedTitle: 'Confirmation failed',
};
const EMAIL_APPROVAL: LinkScreen = {
  machine: emailApprovalMachine, title: 'Email Change Approval',
  intro: 'Someone asked to change the email address of your portal account; the email that brought you here names the new address. Approve only if you expect this change: otherwise close this page and nothing changes.',
  action: 'Approve Email Change', failedTitle: 'Approval failed',
};

/** /activate/{token}: activates when the button is pressed, then says how it went. */
export const ActivationPage = () => <LinkPage screen={ACTIVATION} />;

/** /confirm-email/{token}: confirms an email change when the button is pressed (accounts spec §2.4). */
export const EmailConfirmationPage = () => <LinkPage screen={EMAIL_CONFIRMATION} />;

/** /approve-email-change/{token}: the owner approves someone else's change of their email with the button. */
export const EmailApprovalPage = () => <LinkPage screen={EMAIL_APPROVAL} />;

function LinkPage({ screen }: { screen: LinkScreen }) {
  const { token = '' } = useParams();
  const actor = useActorRef(screen.machine, { input: { token } });
  const status = useSelector(actor, (s) => s.value);
  const message = useSelector(actor, (s) => s.context.message);
  const expired = useSelector(actor, selectLinkExpired);
  const offersLogin = useSelector(actor, selectOffersLogin);

  return (
    <PublicCard title={screen.title}>
      {(status === 'ready' || status === 'activating') && (
        <>
          <Text>{screen.intro}</Text>
          <Button fullWidth loading={status === 'activating'} onClick={() => actor.send({ type: 'link.confirmed' })}>
            {screen.action}
          </Button>
        </>
      )}
      {status === 'activated' && (
        <>
          <Text role="status" fw={500}>
            {message}
          </Text>
          {offersLogin && <NextButton to="/login">Login</NextButton>}
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
