import { Box, Group, SegmentedControl } from '@mantine/core';
import { ResponsiveBar } from '@nivo/bar';
import dayjs from 'dayjs';
import { useState } from 'react';
import { monthlyVolumeExport } from '../../model/dashboard-exports.ts';
import { formatMoney } from '../../model/format.ts';
import { DashboardActor, selectMonthlyVolume } from './dashboard-actor.ts';
import { DashboardCard, NoResults } from './dashboard-card.tsx';
import { ExportButton } from '../common/export-button.tsx';

const RANGES = ['3', '6', '12'] as const;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', style: 'currency', currency: 'USD' });

/** Shown only while the volume-by-month feature flag is on (the page decides). */
export function VolumeByMonthCard({ canExport }: { canExport: boolean }) {
  const months = DashboardActor.useSelector(selectMonthlyVolume);
  const [range, setRange] = useState<(typeof RANGES)[number]>('3');
  const data = [...months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .slice(-Number(range))
    .map((m) => ({ month: dayjs(`${m.month}-01`).format('MMM YYYY'), volume: m.totalPurchase }));
  return (
    <DashboardCard
      title="Volume By Month"
      actions={
        <Group gap="xs">
          {canExport && months.length > 0 && <ExportButton label="Export monthly volume" build={() => monthlyVolumeExport(months)} />}
          <SegmentedControl
            size="xs"
            value={range}
            onChange={(v) => setRange(v as (typeof RANGES)[number])}
            data={RANGES.map((r) => ({ value: r, label: `${r} months` }))}
            aria-label="Months shown"
          />
        </Group>
      }
    >
      {data.length === 0 ? (
        <NoResults />
      ) : (
        <Box h={260} data-testid="volume-by-month-chart">
          <ResponsiveBar
            data={data}
            keys={['volume']}
            indexBy="month"
            margin={{ top: 10, right: 10, bottom: 40, left: 70 }}
            padding={0.3}
            colors={['#0ca678']}
            enableLabel={false}
            axisLeft={{ format: (v: number) => compact.format(v) }}
            valueFormat={(v) => formatMoney(v)}
            role="img"
            ariaLabel="Volume by month"
          />
        </Box>
      )}
    </DashboardCard>
  );
}
