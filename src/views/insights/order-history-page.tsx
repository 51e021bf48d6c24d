import { Anchor, Button, Card, Group, Stack, Table, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { orderHistoryMachine } from '../../machines/insights/order-history.ts';
import { formatMoney } from '../../model/format.ts';
import type { OrderInvoice, OrderLine } from '../../model/insights.ts';
import {
  competitorOrderUrl, estimateText, invoiceExport, selectOrderHistoryScreen, selectOrderHistoryView, usDate,
} from '../../machines/insights/selectors.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import { ExportButton } from '../common/export-button.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { InsightsBreadcrumbs } from './insights-breadcrumbs.tsx';
import { WithSection, type InsightsSectionRef } from './insights-page.tsx';
import { INSIGHTS_TABLE, LoadedView, Loading, TABLE_CLASS } from './table-bits.tsx';

/** /competitiveinsights/orderhistory/:merchant/:merchantId: competitor orders one calendar month at a time. */
export function OrderHistoryPage() {
  return <WithSection>{(section) => <OrderHistoryScreen section={section} />}</WithSection>;
}

function OrderHistoryScreen({ section }: { section: InsightsSectionRef }) {
  const { merchant = '', merchantId = '' } = useParams();
  const id = Number(merchantId);
  // The first month shown is the month the section's range starts in (the section starts the screen).
  const screen = useSelector(section, selectOrderHistoryScreen);
  return (
    <Stack gap="sm">
      <InsightsBreadcrumbs merchant={merchant} merchantId={id} page="Order History" />
      {screen ? <OrderHistoryCard actor={screen} merchant={merchant} id={id} /> : <Loading />}
    </Stack>
  );
}

function OrderHistoryCard({ actor, merchant, id }: { actor: ActorRefFrom<typeof orderHistoryMachine>; merchant: string; id: number }) {
  const view = useSelector(actor, selectOrderHistoryView);
  const columns = useMemo<MRT_ColumnDef<OrderInvoice>[]>(
    () => [
      { accessorKey: 'date', header: 'Date', size: 95, Cell: ({ row }) => usDate(row.original.date) },
      { accessorKey: 'distributor', header: 'Distributor', size: 150 },
      { accessorKey: 'invoiceId', header: 'Invoice', size: 110 },
      { accessorKey: 'estimatedVolume', header: 'Estimated Volume', size: 110, Cell: ({ row }) => formatMoney(row.original.estimatedVolume) },
      {
        id: 'actions', header: 'Details', size: 200,
        Cell: ({ row }) => (
          <Group gap={4} wrap="wrap">
            <Anchor component={Link} size="sm" to={competitorOrderUrl(merchant, id, row.original.distributorPlatformId, row.original.date)}>
              Order
            </Anchor>
            <ExportButton label={`Export details of invoice ${row.original.invoiceId}`} text="Export Details" build={() => invoiceExport(merchant, row.original)} />
          </Group>
        ),
      },
    ],
    [merchant, id],
  );
  const table = useMantineReactTable({
    columns,
    data: view.invoices,
    getRowId: (row) => `${row.date}|${row.distributorPlatformId}|${row.invoiceId}`,
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    enableSorting: false,
    enableExpanding: true,
    positionExpandColumn: 'first',
    renderDetailPanel: ({ row }) => <InvoiceLines lines={row.original.lines} />,
    // The grid layout sizes the detail panel to the columns' own widths and makes it a flex box, so
    // the lines shrank to their content (two thirds of the card at 1440 px): a block of the row's
    // full width, the invoice's lines take all of it (issue 39).
    mantineDetailPanelProps: { style: { width: '100%', display: 'block' } },
    mantineExpandButtonProps: ({ row }) => ({ 'aria-label': `${row.getIsExpanded() ? 'Collapse' : 'Expand'} invoice ${row.original.invoiceId}` }),
    mantineTableProps: { striped: true, className: TABLE_CLASS, 'data-testid': 'order-history' } as never,
  });
  return (
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" data-testid="order-month">{view.monthTitle}</Title>
            <Group gap="xs">
              <Button variant="default" onClick={() => actor.send({ type: 'orders.lastMonth' })}>Last Month</Button>
              <Button variant="default" disabled={!view.nextMonthEnabled} onClick={() => actor.send({ type: 'orders.nextMonth' })}>Next Month</Button>
            </Group>
          </Group>
          <LoadedView failed={view.failed} failedMessage={view.error ?? undefined} loading={view.loading} empty={view.invoices.length === 0}
            onRetry={() => actor.send({ type: 'orders.retry' })}>
            <MantineReactTable table={table} />
          </LoadedView>
        </Stack>
      </Card>
  );
}

/** The lines of one invoice, under its row. */
export function InvoiceLines({ lines }: { lines: OrderLine[] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table fz="sm" withRowBorders>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Manufacturer</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Volume Estimate</Table.Th>
            <Table.Th>Estimated Volume</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l, i) => (
            <Table.Tr key={`${l.min}|${i}`}>
              <Table.Td>{formatDescription(l.description)}</Table.Td>
              <Table.Td>{l.manufacturer}</Table.Td>
              <Table.Td>{l.quantity} {l.uom}</Table.Td>
              <Table.Td>{estimateText(l)}</Table.Td>
              <Table.Td>{formatMoney(l.estimatedVolume)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
