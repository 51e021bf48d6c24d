import { Alert, Button, Center, Paper, Stack, Text, TextInput, Title, UnstyledButton, type TextInputProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { FormFields, createAccountFormMachine } from '../../machines/account/account-form.ts';
import { selectAccountFormView } from '../../machines/account/selectors.ts';

/** Shared pieces of the account screens: the machine binding, the public card, Show/Hide passwords. */

type FormActor<F extends FormFields, P> = ActorRefFrom<ReturnType<typeof createAccountFormMachine<F, P>>>;

/** Renders a form machine the app's root actor runs for a screen; `bind(field)` gives an input its value, error and events. */
export function useAccountForm<F extends FormFields, P>(actor: FormActor<F, P>) {
  const view = useSelector(actor, selectAccountFormView<F>);
  return {
    ...view,
    bind: (field: keyof F & string) => ({
      name: field,
      value: view.fields[field],
      error: view.errors[field],
      onChange: (e: ChangeEvent<HTMLInputElement>) => actor.send({ type: 'form.changed', field, value: e.currentTarget.value }),
      onFocus: () => actor.send({ type: 'form.focused', field }),
    }),
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      actor.send({ type: 'form.submitted' });
    },
    dismiss: () => actor.send({ type: 'form.dismissed' }),
  };
}

/** The centred card of the public screens, like the login page. */
export function PublicCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} w="100%" maw={460}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A failure said inline in red; newlines of joined server messages are kept. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" styles={{ message: { whiteSpace: 'pre-line' } }}>
      {message}
    </Alert>
  );
}

/** The end of a public form: its failure, the full-width submit button, then the link on (`children`). */
export function FormEnd({ failure, busy, submit, children }: { failure: string | null; busy: boolean; submit: string; children: ReactNode }) {
  return (
    <>
      <FormFailure message={failure} />
      <Button type="submit" loading={busy} fullWidth mt="xs">
        {submit}
      </Button>
      {children}
    </>
  );
}

/**
 * A password field with a Show/Hide text toggle (spec §2.3, §2.5). Whether the characters show is
 * presentation only, so it lives here rather than in the form's machine.
 */
export function RevealPasswordInput({ label, ...props }: Omit<TextInputProps, 'type' | 'rightSection'> & { label: string }) {
  const [shown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      label={label}
      type={shown ? 'text' : 'password'}
      rightSectionWidth={56}
      rightSection={
        <UnstyledButton
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={`${shown ? 'Hide' : 'Show'} ${label}`}
          aria-pressed={shown}
          fz="xs"
          fw={600}
          c="teal.9"
          px={6}
        >
          {shown ? 'Hide' : 'Show'}
        </UnstyledButton>
      }
    />
  );
}
