import { Card, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { competitorOrderMachine } from '../../machines/insights/competitor-order.ts';
import { formatMoney } from '../../model/format.ts';
import type { OrderLine } from '../../model/insights.ts';
import { estimateText, selectCompetitorOrderScreen, selectCompetitorOrderView } from '../../machines/insights/selectors.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { InsightsBreadcrumbs } from './insights-breadcrumbs.tsx';
import { WithSection, type InsightsSectionRef } from './insights-page.tsx';
import { INSIGHTS_TABLE, LoadedView, Loading, TABLE_CLASS, machineSorting } from './table-bits.tsx';

/** /competitiveinsights/ordertocompetitor/…: the lines of one competitor order with their volume estimates. */
export function CompetitorOrderPage() {
  return <WithSection>{(section) => <CompetitorOrderScreen section={section} />}</WithSection>;
}

function CompetitorOrderScreen({ section }: { section: InsightsSectionRef }) {
  const { merchant = '', merchantId = '' } = useParams();
  const id = Number(merchantId);
  const screen = useSelector(section, selectCompetitorOrderScreen);
  return (
    <Stack gap="sm">
      <InsightsBreadcrumbs merchant={merchant} merchantId={id} page="Competitor Order" />
      {screen ? <CompetitorOrderCard actor={screen.ref} distributorId={screen.distributorId} /> : <Loading />}
    </Stack>
  );
}

function CompetitorOrderCard({ actor, distributorId }: { actor: ActorRefFrom<typeof competitorOrderMachine>; distributorId: string }) {
  const select = useMemo(() => selectCompetitorOrderView(distributorId), [distributorId]);
  const view = useSelector(actor, select);
  const columns = useMemo<MRT_ColumnDef<OrderLine>[]>(
    () => [
      { accessorKey: 'description', header: 'Item', size: 220, Cell: ({ row }) => formatDescription(row.original.description) },
      { accessorKey: 'manufacturer', header: 'Manufacturer', size: 130 },
      { accessorKey: 'quantity', header: 'Qty', size: 70, Cell: ({ row }) => `${row.original.quantity} ${row.original.uom}` },
      { accessorKey: 'volumeLow', header: 'Volume Estimate', size: 150, Cell: ({ row }) => estimateText(row.original) },
      { accessorKey: 'estimatedVolume', header: 'Estimated Volume', size: 110, Cell: ({ row }) => formatMoney(row.original.estimatedVolume) },
    ],
    [],
  );
  const table = useMantineReactTable({
    columns,
    data: view.lines,
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    ...machineSorting(view.sort, (column) => actor.send({ type: 'order.sortChanged', column })),
    mantineTableProps: { striped: true, className: TABLE_CLASS, 'data-testid': 'competitor-order' } as never,
  });
  return (
      <Card withBorder padding="md">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h3">{view.title}</Title>
            <Text size="sm" c="dimmed">
              {view.distributor} · Estimated invoice volume <b>{formatMoney(view.estimatedVolume)}</b>
            </Text>
          </div>
          <LoadedView failed={view.failed} loading={view.loading} empty={view.lines.length === 0} onRetry={() => actor.send({ type: 'order.retry' })}>
            <MantineReactTable table={table} />
          </LoadedView>
        </Stack>
      </Card>
  );
}
