import { Alert, Anchor, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthActor } from '../../app-actor.ts';
import { sameView, selectLogoutView } from '../../machines/shell/selectors.ts';

/** Visiting /logout logs out (the app's root actor sees to it); afterwards the page stays only to show why (e.g. no channel partner). */
export function LogoutPage() {
  const { loggingOut, notice } = AuthActor.useSelector(selectLogoutView, sameView);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={480}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Log out
          </Title>
          {loggingOut ? (
            <Text c="dimmed">
              <Loader size="xs" mr="xs" />
              Logging you out…
            </Text>
          ) : (
            <>
              <Alert color="red" icon={<IconAlertCircle />} role="alert">
                {notice}
              </Alert>
              <Anchor component={Link} to="/login">
                Back to login
              </Anchor>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
