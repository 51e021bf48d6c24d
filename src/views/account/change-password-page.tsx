import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { resetPasswordMachine } from '../../machines/account/account-forms.ts';
import { LINK_EXPIRED_MESSAGE } from '../../machines/account/selectors.ts';
import { MessageModal } from '../common/message-modal.tsx';
import { FormEnd, PublicCard, RevealPasswordInput, useAccountForm } from './form-bits.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';
import { AlreadyHaveAccount, ResultCard } from './result-card.tsx';

/**
 * Change Password of an emailed link (accounts spec §2.3, §8): a reset link, and also an
 * invitation's set-password link, which is why /create-password/{token} shows this screen too.
 */
export function ChangePasswordPage({ title = 'Change Password', page = 'accountResetPassword' }: { title?: string; page?: 'accountResetPassword' | 'accountCreatePassword' }) {
  return <OwnedPage page={page}>{(ref) => <ChangePasswordScreen key={ref.sessionId} title={title} page={ref} />}</OwnedPage>;
}

function ChangePasswordScreen({ title, page }: { title: string; page: ActorRefFrom<typeof resetPasswordMachine> }) {
  const navigate = useNavigate();
  const form = useAccountForm(page);
  const { failure } = form;

  if (form.status === 'expired') {
    return (
      <ResultCard title="Link expired" to="/forgot-password" action="Forgot Password">
        <Text role="alert">{LINK_EXPIRED_MESSAGE}</Text>
      </ResultCard>
    );
  }

  return (
    <PublicCard title={title} subtitle="Choose a password of 6 to 20 characters.">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <RevealPasswordInput label="Create Password" autoComplete="new-password" required autoFocus {...form.bind('password')} />
          <RevealPasswordInput label="Confirm Password" autoComplete="new-password" required {...form.bind('passwordRepeat')} />
          <FormEnd failure={failure} busy={form.busy} submit="CHANGE PASSWORD">
            <AlreadyHaveAccount />
          </FormEnd>
        </Stack>
      </form>
      <Modal opened={form.status === 'failed'} onClose={form.dismiss} title="Error" centered>
        <Stack>
          <Text>{failure}</Text>
          <Group justify="flex-end">
            <Button onClick={form.dismiss}>OK</Button>
          </Group>
        </Stack>
      </Modal>
      <MessageModal opened={form.status === 'succeeded'} message="Your password has been changed" action="Login" onAction={() => navigate('/login')} />
    </PublicCard>
  );
}
