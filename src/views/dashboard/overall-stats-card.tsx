import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney, formatPercent } from '../../model/format.ts';
import { selectOverallStatsView } from '../../machines/dashboard/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { DashboardCard, NoResults } from './dashboard-card.tsx';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`stat-${label}`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

export function OverallStatsCard() {
  const { stats: data, failed } = DashboardActor.useSelector(selectOverallStatsView, sameView);
  return (
    <DashboardCard title="Overall Stats">
      {data ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          <Stat label="Total Volume" value={formatMoney(data.totalVolume)} />
          <Stat
            label="Competitor Volume"
            value={formatMoney(data.competitorVolume)}
            note={`${formatPercent(data.competitorShare, 1)} of total volume`}
          />
          <Stat label="Estimated Rebates" value={formatMoney(data.totalRebates)} />
          <Stat label="Annualized Rebates" value={formatMoney(data.annualizedRebates)} />
        </SimpleGrid>
      ) : failed ? (
        <NoResults />
      ) : (
        <Skeleton h={60} role="status" aria-label="Loading" />
      )}
    </DashboardCard>
  );
}
