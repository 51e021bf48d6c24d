import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney, formatPercent } from '../../model/format.ts';
import type { InsightsMerchant } from '../../model/insights.ts';
import type { MerchantColumn } from '../../model/insights-rules.ts';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { selectMerchantsView, filterText, hasVolume, itemsUrl } from '../../machines/insights/selectors.ts';
import { WithSection, type InsightsSectionRef } from './insights-page.tsx';
import { INSIGHTS_TABLE, LoadedView, TABLE_CLASS, machineSorting } from './table-bits.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

const money = (key: MerchantColumn, header: string): MRT_ColumnDef<InsightsMerchant> => ({
  accessorKey: key, header, size: 110, Cell: ({ row }) => formatMoney(row.original[key] as number),
});

/**
 * /competitiveinsights/merchants: the visible merchants' volumes over the range, searched and sorted.
 * The section enters the list (spec §4) with the dashboard's filter of the URL, and goes to the
 * items of the one merchant a filter leaves.
 */
export function MerchantsPage() {
  return <WithSection>{(section) => <MerchantsScreen actor={section} />}</WithSection>;
}

function MerchantsScreen({ actor }: { actor: InsightsSectionRef }) {
  const navigate = useNavigate();
  const { search, sort, filter, loading, failed, visible } = useSelector(actor, selectMerchantsView, sameView);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const columns = useMemo<MRT_ColumnDef<InsightsMerchant>[]>(
    () => [
      { accessorKey: 'dcn', header: 'Account Number', size: 100, Cell: ({ row }) => row.original.dcn || '--' },
      { accessorKey: 'merchant', header: 'Customer Name', size: 180 },
      money('totalVolume', 'Total Volume'),
      money('competitorVolume', 'Competitor Volume'),
      { accessorKey: 'competitorVolumePerc', header: '% Competitor Volume', size: 110, Cell: ({ row }) => formatPercent(row.original.competitorVolumePerc, 1) },
      {
        id: 'details',
        header: 'Details',
        size: 110,
        enableSorting: false,
        Cell: ({ row }) => (
          <Button size="compact-xs" variant="light" disabled={!hasVolume(row.original)} onClick={() => navigate(itemsUrl(row.original.merchant, row.original.id))}
            aria-label={`See details of ${row.original.merchant}`}>
            See Details
          </Button>
        ),
      },
    ],
    [navigate],
  );
  const table = useMantineReactTable({
    columns,
    data: visible,
    getRowId: (row) => String(row.id),
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    ...machineSorting(sort, (column) => actor.send({ type: 'insights.sortChanged', column })),
    // A house has thousands of merchants: 25 a page.
    enablePagination: true,
    enableBottomToolbar: true,
    initialState: { density: 'xs', pagination: { pageIndex: 0, pageSize: 25 } },
    mantineTableProps: { striped: true, highlightOnHover: true, className: TABLE_CLASS, 'data-testid': 'insights-merchants' } as never,
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        {filter && (
          <Alert color="blue" data-testid="insights-filter">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">{filterText(filter)}</Text>
              <Button size="compact-sm" variant="light" onClick={() => actor.send({ type: 'insights.filterCleared' })}>
                Clear filter
              </Button>
            </Group>
          </Alert>
        )}
        <TextInput
          placeholder="Search customer name or account number"
          aria-label="Search merchants"
          value={search}
          onChange={(e) => actor.send({ type: 'insights.searchChanged', search: e.currentTarget.value })}
          maw={420}
        />
        <LoadedView failed={failed} loading={loading} empty={visible.length === 0} onRetry={() => actor.send({ type: 'insights.retry' })}>
          {isMobile ? <MerchantCards rows={visible} /> : <MantineReactTable table={table} />}
        </LoadedView>
      </Stack>
    </Card>
  );
}

/** Phones: one card per merchant (the first 50 of the search; search narrows the rest). */
function MerchantCards({ rows }: { rows: InsightsMerchant[] }) {
  const navigate = useNavigate();
  return (
    <Stack gap="xs" data-testid="insights-merchant-cards">
      {rows.slice(0, 50).map((m) => (
        <Card key={m.id} withBorder padding="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600}>{m.merchant}</Text>
              <Text size="xs" c="dimmed">{m.dcn || '--'} · Total {formatMoney(m.totalVolume)}</Text>
              <Text size="xs">Competitors {formatMoney(m.competitorVolume)} ({formatPercent(m.competitorVolumePerc, 1)})</Text>
            </div>
            <Button size="compact-xs" variant="light" disabled={!hasVolume(m)} onClick={() => navigate(itemsUrl(m.merchant, m.id))}
              aria-label={`See details of ${m.merchant}`} style={{ flexShrink: 0 }}>
              See Details
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
