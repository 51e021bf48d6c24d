import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

export function MaintenancePage() {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" maw={480}>
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTool size={30} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Down for maintenance
          </Title>
          <Text ta="center">The portal is down for maintenance. Please check back later.</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
