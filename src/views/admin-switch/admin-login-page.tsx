import { Alert, Anchor, Button, Center, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { adminSwitchMachine } from '../../machines/admin-switch/admin-switch.ts';
import { houseGroups } from '../../machines/admin-switch/selectors.ts';
import { useSystemActorRef } from '../shell/actor-contexts.ts';
import { ReasonField } from './reason-field.tsx';

/** /admin-login: the admin user-picker. An internal admin logs in as a user of a distributor. */
export function AdminLoginPage() {
  // A successful switch hands the new session to the auth-routing actor, which routes to /dashboard.
  const picker = useSystemActorRef(adminSwitchMachine);
  const houses = useSelector(picker, (s) => s.context.houses);
  const houseId = useSelector(picker, (s) => s.context.houseId);
  const users = useSelector(picker, (s) => s.context.users);
  const userId = useSelector(picker, (s) => s.context.userId);
  const reason = useSelector(picker, (s) => s.context.reason);
  const error = useSelector(picker, (s) => s.context.error);
  const state = useSelector(picker, (s) => s.value);
  const busy = state === 'switching' || state === 'switched';

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
            {error && (
              <Alert color="red" role="alert" title="Could not continue">
                {error}
              </Alert>
            )}
            {state === 'housesFailed' ? (
              <Button variant="default" onClick={() => picker.send({ type: 'adminSwitch.retried' })}>
                Try again
              </Button>
            ) : (
              <Select
                label="Distributor"
                placeholder={state === 'loadingHouses' ? 'Loading distributors…' : 'Pick a distributor'}
                data={houseGroups(houses)}
                value={houseId === null ? null : String(houseId)}
                onChange={(v) => v && picker.send({ type: 'adminSwitch.houseChosen', houseId: Number(v) })}
                searchable
                allowDeselect={false}
                nothingFoundMessage="No distributors"
                disabled={houses.length === 0 || busy}
                rightSection={state === 'loadingHouses' ? <Loader size="xs" /> : undefined}
              />
            )}
            <Select
              label="User"
              placeholder={state === 'loadingUsers' ? 'Loading users…' : houseId === null ? 'Pick a distributor first' : 'Pick a user'}
              data={users.map((u) => ({ value: String(u.id), label: `${u.contactName} – ${u.email}${u.title ? ` (${u.title})` : ''}` }))}
              value={userId === null ? null : String(userId)}
              onChange={(v) => picker.send({ type: 'adminSwitch.userChosen', userId: v === null ? null : Number(v) })}
              searchable
              nothingFoundMessage={state === 'pickingUser' ? 'This distributor has no active users' : 'No users'}
              disabled={state !== 'pickingUser'}
              rightSection={state === 'loadingUsers' ? <Loader size="xs" /> : undefined}
            />
            <ReasonField value={reason} disabled={state !== 'pickingUser'} onChange={(r) => picker.send({ type: 'adminSwitch.reasonChanged', reason: r })} />
            <Button type="submit" disabled={userId === null || state !== 'pickingUser'} loading={busy}>
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
