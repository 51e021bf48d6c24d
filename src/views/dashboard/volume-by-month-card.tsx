import { Box, Group, SegmentedControl, Switch } from '@mantine/core';
import { ResponsiveBar } from '@nivo/bar';
import { formatMoney } from '../../model/format.ts';
import type { MonthlyMonths } from '../../machines/dashboard/dashboard-context.ts';
import { MONTHLY_MONTHS, selectMonthlyVolumeCsv, selectVolumeByMonthView } from '../../machines/dashboard/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { ChartTable } from '../common/chart-table.tsx';
import { CardWaiting } from './card-body.tsx';
import { DashboardCard, NoResults } from './dashboard-card.tsx';
import { ExportButton } from '../common/export-button.tsx';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', style: 'currency', currency: 'USD' });

/** Shown only while the volume-by-month feature flag is on (the page decides). */
export function VolumeByMonthCard({ canExport }: { canExport: boolean }) {
  const actor = DashboardActor.useActorRef();
  const { loading, exportable, months: shown, asTable, bars: data } = DashboardActor.useSelector(selectVolumeByMonthView, sameView);
  return (
    <DashboardCard
      title="Volume By Month"
      actions={
        <Group gap="xs">
          {canExport && exportable && <ExportButton label="Export monthly volume" from={actor} select={selectMonthlyVolumeCsv} />}
          <SegmentedControl
            size="xs"
            value={String(shown)}
            onChange={(v) => actor.send({ type: 'dashboard.monthlyMonthsChanged', months: Number(v) as MonthlyMonths })}
            data={MONTHLY_MONTHS.map((r) => ({ value: String(r), label: `${r} months` }))}
            aria-label="Months shown"
          />
          <Switch size="xs" label="Table" checked={asTable} onChange={() => actor.send({ type: 'dashboard.monthlyTableToggled' })} />
        </Group>
      }
    >
      {loading ? (
        <CardWaiting label="Loading volume by month" />
      ) : data.length === 0 ? (
        <NoResults />
      ) : asTable ? (
        <ChartTable caption="Volume by month" columns={['Month', 'Volume']} rows={data.map((d) => ({ label: d.month, values: [formatMoney(d.volume)] }))} />
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
