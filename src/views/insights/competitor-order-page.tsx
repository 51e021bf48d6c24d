import { Card, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { competitorOrderMachine } from '../../machines/insights/competitor-order.ts';
import { formatMoney } from '../../model/format.ts';
import type { OrderLine } from '../../model/insights.ts';
import { competitorOrder, competitorOrderTitle, estimateText, sortLines } from '../../machines/insights/selectors.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { selectOrderDay } from '../../machines/session/selectors.ts';
import { useSessionOnOpen } from '../shell/actor-contexts.ts';
import { InsightsBreadcrumbs } from './insights-breadcrumbs.tsx';
import { INSIGHTS_TABLE, LoadedView, TABLE_CLASS, machineSorting } from './table-bits.tsx';
import { useInsightsVisited } from './use-insights-visited.ts';

/** /competitiveinsights/ordertocompetitor/…: the lines of one competitor order with their volume estimates. */
export function CompetitorOrderPage() {
  useInsightsVisited();
  const { merchant = '', merchantId = '', distributorId = '', date = '' } = useParams();
  const id = Number(merchantId);
  const invoicesFetched = useSessionOnOpen(selectOrderDay(id, date));
  const actor = useActorRef(competitorOrderMachine, { input: { merchantId: id, merchant, date, invoices: invoicesFetched } });
  const state = useSelector(actor, (s) => s.value);
  const invoices = useSelector(actor, (s) => s.context.invoices);
  const sort = useSelector(actor, (s) => s.context.sort);
  const order = useMemo(() => competitorOrder(invoices, distributorId, date), [invoices, distributorId, date]);
  const lines = useMemo(() => sortLines(order.lines, sort), [order, sort]);
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
    data: lines,
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    ...machineSorting(sort, (column) => actor.send({ type: 'order.sortChanged', column })),
    mantineTableProps: { striped: true, className: TABLE_CLASS, 'data-testid': 'competitor-order' } as never,
  });
  return (
    <Stack gap="sm">
      <InsightsBreadcrumbs merchant={merchant} merchantId={id} page="Competitor Order" />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h3">{competitorOrderTitle(date)}</Title>
            <Text size="sm" c="dimmed">
              {order.distributor ?? distributorId} · Estimated invoice volume <b>{formatMoney(order.estimatedVolume)}</b>
            </Text>
          </div>
          <LoadedView failed={state === 'failed'} loading={state !== 'loaded'} empty={lines.length === 0} onRetry={() => actor.send({ type: 'order.retry' })}>
            <MantineReactTable table={table} />
          </LoadedView>
        </Stack>
      </Card>
    </Stack>
  );
}
