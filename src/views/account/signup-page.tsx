import { Stack, Text, TextInput } from '@mantine/core';
import type { ActorRefFrom } from 'xstate';
import type { signUpMachine } from '../../machines/account/account-forms.ts';
import { FormEnd, PublicCard, RevealPasswordInput, useAccountForm } from './form-bits.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';
import { AlreadyHaveAccount, ResultCard } from './result-card.tsx';

/** Create Account (accounts spec §2.3): after success a thank-you about the activation email. */
export function SignUpPage() {
  return <OwnedPage page="accountSignUp">{(page) => <SignUpScreen page={page} />}</OwnedPage>;
}

function SignUpScreen({ page }: { page: ActorRefFrom<typeof signUpMachine> }) {
  const form = useAccountForm(page);
  const { fields, failure } = form;

  if (form.status === 'succeeded') {
    return (
      <ResultCard title="Thank you for signing up!" to="/login" action="Go to Login">
        <Text role="status">
          A link to confirm your email address will be emailed to <b>{fields.email.trim()}</b>. After you open it, an Admin or
          Leadership user of your distributor needs to approve your account; we will email you as soon as they have.
        </Text>
      </ResultCard>
    );
  }

  return (
    <PublicCard title="Create Account" subtitle="Sign up for the Distributor Portal">
      <form noValidate onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <TextInput
            label="Platform ID"
            placeholder="CP-000000"
            description="Your distributor's platform id: CP- and 6 digits"
            inputMode="numeric"
            autoComplete="off"
            required
            data-autofocus
            autoFocus
            {...form.bind('platformId')}
          />
          <TextInput label="Partner Name" autoComplete="organization" required {...form.bind('partnerName')} />
          <TextInput label="Contact Name" autoComplete="name" required {...form.bind('contactName')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.bind('email')} />
          <RevealPasswordInput label="Password" autoComplete="new-password" required {...form.bind('password')} />
          <RevealPasswordInput label="Repeat Password" autoComplete="new-password" required {...form.bind('passwordRepeat')} />
          <FormEnd failure={failure} busy={form.busy} submit="Create Account">
            <AlreadyHaveAccount />
          </FormEnd>
        </Stack>
      </form>
    </PublicCard>
  );
}
