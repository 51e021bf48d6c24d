import { Center, Group, Loader, Stack, Text, Title } from '@mantine/core';

/**
 * The Intel page's frame while its code loads (issue 39: the page was blank for about 0.7 s
 * before '0/N Merchants Loaded'): the title and the progress line where the loaded page has them.
 * Small and loaded with the routes, so it shows at once.
 */
export function IntelLoadingFrame() {
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            Intel
          </Title>
        </Group>
        <Group justify="flex-end">
          <Group gap="xs" data-testid="intel-progress">
            <Loader size="xs" aria-label="Loading screen" />
            <Text size="sm" c="dimmed">
              Loading merchants…
            </Text>
          </Group>
        </Group>
      </Stack>
    </Stack>
  );
}

/** Where an Intel view (list, graph, line chart, detail) goes while its code loads: under the header, which stays. */
export function IntelViewLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading screen" />
    </Center>
  );
}
