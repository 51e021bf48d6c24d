import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney, formatPercent, share } from '../../model/format.ts';
import { selectDashboard, selectLoadFailed } from '../../machines/dashboard/selectors.ts';
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
  const failed = DashboardActor.useSelector(selectLoadFailed);
  const data = DashboardActor.useSelector(selectDashboard);
  return (
    <DashboardCard title="Overall Stats">
      {data ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
          <Stat label="Total Volume" value={formatMoney(data.totalVolume)} />
          <Stat
            label="Competitor Volume"
            value={formatMoney(data.competitorVolume)}
            note={`${formatPercent(share(data.competitorVolume, data.totalVolume), 1)} of total volume`}
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
