import { Box, Card, Center, Group, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { ResponsiveLine } from '@nivo/line';
import { useSelector } from '@xstate/react';
import { formatMoney } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import type { LineChartMonths } from '../../model/intel-rules.ts';
import { selectLineChartView, LINE_CHART_MONTHS, merchantSeries, ownSeriesName, powersOfTen, selectRange } from '../../machines/intel/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import type { IntelRef } from './intel-page.tsx';
import { IntelPagination } from './intel-list-page.tsx';
import { MerchantCardTitle } from './merchant-card-title.tsx';
import { ChartTable } from '../common/chart-table.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b'];

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', style: 'currency', currency: 'USD' });

/** /intel/linechart: 4 merchants a page, monthly volume per distributor. */
export function IntelLineChartPage() {
  return <OwnedPage page="intel">{(intel) => <IntelLineChartScreen intel={intel} />}</OwnedPage>;
}

function IntelLineChartScreen({ intel }: { intel: IntelRef }) {
  const { page, months, logScale, settled, chartTables, shown, pages, noneVisible } = useSelector(intel, selectLineChartView, sameView);
  return (
    <Stack gap="md">
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={String(months)}
          onChange={(v) => intel.send({ type: 'intel.monthsChanged', months: Number(v) as LineChartMonths })}
          data={LINE_CHART_MONTHS.map((m) => ({ value: String(m), label: `${m} months` }))}
          aria-label="Months shown"
        />
        <Switch
          label="Logarithmic scale"
          checked={logScale}
          disabled={chartTables}
          onChange={() => intel.send({ type: 'intel.scaleToggled' })}
          data-testid="intel-log-switch"
        />
        <Switch label="Show as tables" checked={chartTables} onChange={() => intel.send({ type: 'intel.chartTablesToggled' })} />
      </Group>
      {noneVisible ? (
        settled && (
          <Center py="xl">
            <Text c="dimmed">No Data Found</Text>
          </Center>
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {shown.map((m) => (
              <LineCard key={m.id} intel={intel} merchant={m} months={months} logScale={logScale} asTable={chartTables} />
            ))}
          </SimpleGrid>
          <IntelPagination intel={intel} total={pages} page={page} />
        </>
      )}
    </Stack>
  );
}

function LineCard({ intel, merchant, months, logScale, asTable }: { intel: IntelRef; merchant: IntelMerchant; months: number; logScale: boolean; asTable: boolean }) {
  const range = useSelector(intel, selectRange);
  const series = merchantSeries(merchant, range.endDate, months);
  const own = ownSeriesName(merchant);
  const logTicks = powersOfTen(series);
  return (
    <Card withBorder padding="sm" data-testid="intel-line-card" data-scale={logScale ? 'log' : 'linear'}>
      <Stack gap="xs">
        <MerchantCardTitle merchant={merchant} />
        {series.length === 0 ? (
          <Center h={240}>
            <Text size="sm" c="dimmed">
              Chart data not available
            </Text>
          </Center>
        ) : asTable ? (
          <ChartTable
            caption={`Monthly volume of ${merchant.merchant} by distributor`}
            columns={['Month', ...series.map((x) => x.id)]}
            rows={series[0]!.data.map((p, i) => ({ label: p.x, values: series.map((x) => formatMoney(x.data[i]!.y)) }))}
          />
        ) : (
          <>
            <Box h={220}>
              <ResponsiveLine
                // A new chart per scale: animating one scale's positions into the other's draws NaN transforms.
                key={logScale ? 'log' : 'linear'}
                data={series}
                margin={{ top: 10, right: 30, bottom: 30, left: 60 }}
                // symlog: a logarithmic axis that also shows months without volume (0); its top is the last tick.
                yScale={logScale ? { type: 'symlog', min: 0, max: logTicks.at(-1)!, nice: false } : { type: 'linear', min: 0, max: 'auto' }}
                axisLeft={{ format: (v: number) => compact.format(v), tickValues: logScale ? logTicks : 4 }}
                axisBottom={{ tickRotation: months > 6 ? -45 : 0 }}
                gridYValues={logScale ? logTicks : 4}
                yFormat={(v) => formatMoney(Number(v))}
                colors={PALETTE}
                pointSize={5}
                useMesh
                role="img"
                ariaLabel={`Monthly volume of ${merchant.merchant} by distributor`}
              />
            </Box>
            {/* Our own legend: nivo's overlaps with long distributor names on narrow cards. */}
            <Group gap="xs" wrap="wrap">
              {series.map((s, i) => (
                <Group key={s.id} gap={4} wrap="nowrap">
                  <Box w={10} h={10} style={{ background: PALETTE[i % PALETTE.length], borderRadius: 2 }} data-own-series={s.id === own || undefined} />
                  <Text size="xs" fw={s.id === own ? 700 : undefined}>
                    {s.id === own ? `${s.id} (your house)` : s.id}
                  </Text>
                </Group>
              ))}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
