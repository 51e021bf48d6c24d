import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function AdminLoginPage() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={440}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Admin Login
          </Title>
          <Text c="dimmed">The admin user picker is built in a later issue.</Text>
          <Anchor component={Link} to="/logout">
            Log out
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
