import { Container, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { screenTitle } from '../../machines/shell/selectors.ts';

/** A screen that a later issue builds: its title and an honest note, never made-up numbers. */
export function NotBuiltPage({ title }: { title: string }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">This screen is not built yet.</Text>
      </Stack>
    </Container>
  );
}

/** The not-built page for whichever distributor screen the current path is. */
export function NotBuiltScreen() {
  const { pathname } = useLocation();
  return <NotBuiltPage title={screenTitle(pathname)} />;
}
