import { Card, Stack, Text, Title } from '@mantine/core';
import { useInsightsVisited } from './use-insights-visited.ts';
import { WinBackTable } from './win-back-table.tsx';

/** /competitiveinsights/winback: the whole visible house's win-back list, ranked by money at stake. */
export function HouseWinBackPage() {
  useInsightsVisited();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">Win-back list</Title>
          <Text size="sm" c="dimmed">
            What your merchants bought from competitors, the similar item you carry that would replace each, and what it is worth.
          </Text>
        </div>
        <WinBackTable scope={null} />
      </Stack>
    </Card>
  );
}
