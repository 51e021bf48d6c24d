import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { activationMachine } from '../../machines/account/activation.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { PublicCard } from './form-bits.tsx';
import { CardLink, NextButton } from './result-card.tsx';
import { selectLinkView } from '../../machines/account/selectors.ts';

interface LinkScreen {
  page: 'accountActivation' | 'accountEmailConfirmation' | 'accountEmailApproval';
  title: string;
  /** What pressing the button will do, shown before anything happens. */
  intro: string;
  action: string;
  failedTitle: string;
}

const ACTIVATION: LinkScreen = {
  page: 'accountActivation', title: 'Account Activation', intro: 'Activate your account to confirm this email address is yours.',
  action: 'Activate Account', failedTitle: 'Activation failed',
};
const EMAIL_CONFIRMATION: LinkScreen = {
  page: 'accountEmailConfirmation', title: 'Email Confirmation', intro: 'Confirm that this address is the new email of your portal account. You will log in with it from now on.',
  action: 'Confirm New Email', failedTitle: 'Confirmation failed',
};
const EMAIL_APPROVAL: LinkScreen = {
  page: 'accountEmailApproval', title: 'Email Change Approval',
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
  return <OwnedPage page={screen.page}>{(page) => <LinkScreenView screen={screen} actor={page} />}</OwnedPage>;
}

function LinkScreenView({ screen, actor }: { screen: LinkScreen; actor: ActorRefFrom<typeof activationMachine> }) {
  const { asks, busy, status, message, expired, offersLogin } = useSelector(actor, selectLinkView);

  return (
    <PublicCard title={screen.title}>
      {asks && (
        <>
          <Text>{screen.intro}</Text>
          <Button fullWidth loading={busy} onClick={() => actor.send({ type: 'link.confirmed' })}>
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
