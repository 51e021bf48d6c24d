import { Alert, Anchor, Button, Center, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { adminSwitchMachine } from '../../machines/admin-switch/admin-switch.ts';
import { sameView, selectAdminLoginView } from '../../machines/admin-switch/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { ReasonField } from './reason-field.tsx';

/** /admin-login: the admin user-picker. An internal admin logs in as a user of a distributor. */
export function AdminLoginPage() {
  return <OwnedPage page="adminLogin">{(page) => <AdminLoginScreen picker={page} />}</OwnedPage>;
}

function AdminLoginScreen({ picker }: { picker: ActorRefFrom<typeof adminSwitchMachine> }) {
  // A successful switch hands the new session to the auth-routing actor, which routes to /dashboard.
  const view = useSelector(picker, selectAdminLoginView, sameView);
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={480}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            picker.send({ type: 'adminSwitch.submitted' });
          }}
        >
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                Admin Login
              </Title>
              <Text c="dimmed" size="sm">
                Log in as a user of a distributor to see the portal as they do.
              </Text>
            </div>
            {view.error && (
              <Alert color="red" role="alert" title="Could not continue">
                {view.error}
              </Alert>
            )}
            {view.retryHouses ? (
              <Button variant="default" onClick={() => picker.send({ type: 'adminSwitch.retried' })}>
                Try again
              </Button>
            ) : (
              <Select
                label="Distributor"
                placeholder={view.housePlaceholder}
                data={view.houseGroups}
                value={view.houseId}
                onChange={(v) => v && picker.send({ type: 'adminSwitch.houseChosen', houseId: Number(v) })}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No distributors"
                disabled={view.houseDisabled}
                rightSection={view.houseLoading ? <Loader size="xs" /> : undefined}
              />
            )}
            <Select
              label="User"
              placeholder={view.userPlaceholder}
              data={view.users.map((u) => ({ value: String(u.id), label: `${u.contactName} – ${u.email}${u.title ? ` (${u.title})` : ''}` }))}
              value={view.userId}
              onChange={(v) => picker.send({ type: 'adminSwitch.userChosen', userId: v === null ? null : Number(v) })}
              searchable
              nothingFoundMessage={view.userNothingFound}
              disabled={view.userDisabled}
              rightSection={view.userLoading ? <Loader size="xs" /> : undefined}
            />
            <ReasonField value={view.reason} disabled={view.reasonDisabled} onChange={(r) => picker.send({ type: 'adminSwitch.reasonChanged', reason: r })} />
            <Button type="submit" disabled={view.submitDisabled} loading={view.busy}>
              Log in as user
            </Button>
            <Group justify="space-between">
              <Group gap="md">
                <Anchor component={Link} to="/admin-dashboard">
                  Admin Dashboard
                </Anchor>
                <Anchor component={Link} to="/admin-panel">
                  Admin Panel
                </Anchor>
                <Anchor component={Link} to="/business-panel">
                  Business Panel
                </Anchor>
                <Anchor component={Link} to="/admin-panel/import">
                  Import Purchase Data
                </Anchor>
                <Anchor component={Link} to="/admin-panel/api">
                  API Reference
                </Anchor>
              </Group>
              <Anchor component={Link} to="/logout">
                Log out
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
