import { Anchor, Button, Center, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { loginPageMachine } from '../../machines/shell/login.ts';
import { sameView, selectLoginFormView, selectLoginScreenView } from '../../machines/shell/selectors.ts';
import { FailureDialog } from './failure-dialog.tsx';
import { MicrosoftSignInButton } from './microsoft-sign-in-button.tsx';
import { OwnedPage } from './owned-page.tsx';

export function LoginPage() {
  return <OwnedPage page="login">{(page) => <LoginScreen page={page} />}</OwnedPage>;
}

function LoginScreen({ page }: { page: ActorRefFrom<typeof loginPageMachine> }) {
  // The form hands a successful login to the auth-routing actor.
  const { form, microsoft } = useSelector(page, selectLoginScreenView, sameView);
  const { email, password, errors, failure, submitting } = useSelector(form, selectLoginFormView, sameView);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={420}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.send({ type: 'login.submitted' });
          }}
        >
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                Distributor Portal
              </Title>
              <Text c="dimmed" size="sm">
                Log in to your account
              </Text>
            </div>
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              value={email}
              error={errors.email}
              onChange={(e) => form.send({ type: 'login.emailChanged', value: e.currentTarget.value })}
              onFocus={() => form.send({ type: 'login.fieldFocused', field: 'email' })}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              error={errors.password}
              // Mantine's PasswordInput links its error but leaves aria-invalid off its input (7.17).
              aria-invalid={errors.password ? true : undefined}
              onChange={(e) => form.send({ type: 'login.passwordChanged', value: e.currentTarget.value })}
              onFocus={() => form.send({ type: 'login.fieldFocused', field: 'password' })}
            />
            <Button type="submit" loading={submitting} fullWidth>
              Log in
            </Button>
            <MicrosoftSignInButton signIn={microsoft} />
            <Group justify="space-between">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
              <Anchor component={Link} to="/signup" size="sm">
                Create account
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
      <FailureDialog title="Login failed" message={failure} onClose={() => form.send({ type: 'login.dialogClosed' })} />
    </Center>
  );
}
