import { Stack, Text, TextInput } from '@mantine/core';
import type { ActorRefFrom } from 'xstate';
import type { forgotPasswordMachine } from '../../machines/account/account-forms.ts';
import { FormEnd, PublicCard, useAccountForm } from './form-bits.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';
import { CardLink, ResultCard } from './result-card.tsx';

/** Forgot password (accounts spec §2.3): the reset link goes to the email; failures inline. */
export function ForgotPasswordPage() {
  return <OwnedPage page="accountForgotPassword">{(page) => <ForgotPasswordScreen page={page} />}</OwnedPage>;
}

function ForgotPasswordScreen({ page }: { page: ActorRefFrom<typeof forgotPasswordMachine> }) {
  const form = useAccountForm(page);
  const { fields, failure, success } = form;

  if (form.status === 'succeeded') {
    return (
      <ResultCard title="Check your email" to="/login" action="Back to Login">
        <Text role="status">{success}</Text>
        <Text size="sm" c="dimmed">
          Sent to <b>{fields.email.trim()}</b>. Open the link in the email to choose a new password.
        </Text>
      </ResultCard>
    );
  }

  return (
    <PublicCard title="Forgot Password" subtitle="Enter your email and we will send you a link to reset your password.">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" required autoFocus {...form.bind('email')} />
          <FormEnd failure={failure} busy={form.busy} submit="Send Reset Link">
            <CardLink to="/login">Back to Login</CardLink>
          </FormEnd>
        </Stack>
      </form>
    </PublicCard>
  );
}
