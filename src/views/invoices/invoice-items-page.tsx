import { Alert, Anchor, Badge, Breadcrumbs, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { invoiceDetailMachine } from '../../machines/invoices/invoice-detail.ts';
import type { InvoiceItem } from '../../model/invoices.ts';
import { selectInvoiceItemsView, INVOICE_MESSAGES, invoiceItemsCsv } from '../../machines/invoices/selectors.ts';
import { ExportButton } from '../common/export-button.tsx';
import { NARROW_CELLS, PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { AuthActor } from '../../app-actor.ts';
import { sameView, selectActsAsInternalAdmin } from '../../machines/shell/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';

const money = (n: number | null) => (n === null ? '--' : `$${n.toFixed(2)}`);

/** /invoice/{id}/items: the invoice's items (its machine: the app's root actor runs it). */
export function InvoiceItemsPage() {
  return <OwnedPage page="invoiceItems">{(page) => <InvoiceItems actor={page} />}</OwnedPage>;
}

function InvoiceItems({ actor }: { actor: ActorRefFrom<typeof invoiceDetailMachine> }) {
  const { invoice, items, search, failed, gone } = useSelector(actor, selectInvoiceItemsView, sameView);
  const internalAdmin = AuthActor.useSelector(selectActsAsInternalAdmin);
  const columns = useMemo<MRT_ColumnDef<InvoiceItem>[]>(() => [
    { accessorKey: 'description', header: 'Description', size: 180 },
    { accessorKey: 'brand', header: 'Brand', size: 115 },
    { accessorKey: 'pack', header: 'Pack', size: 85 },
    { accessorKey: 'totalPrice', header: 'Total Price', size: 120, Cell: ({ row }) => money(row.original.totalPrice) },
    { accessorKey: 'quantity', header: 'Quantity', size: 110 },
    { accessorKey: 'itemCode', header: 'Item Code', size: 115 },
    { accessorKey: 'uom', header: 'UOM', size: 80 },
    {
      id: 'check', header: 'Price Check', size: 125, enableSorting: false, Cell: ({ row }) => {
        const i = row.original;
        if ((i.overpaid ?? 0) > 0) return <Badge color="red" variant="light" tt="none" title={`Paid above the deviated price ${money(i.deviatedPrice)}`}>Over {money(i.overpaid)}</Badge>;
        if (i.doubtful) return <Badge color="yellow" variant="light" tt="none">Check line</Badge>;
        return i.deviatedPrice !== null ? <Badge color="green" variant="light" tt="none">OK</Badge> : null;
      },
    },
  ], []);
  const table = useMantineReactTable({
    ...PLAIN_TABLE_OPTIONS, columns, data: items, enableSorting: true,
    renderEmptyRowsFallback: () => <Alert m="md" color="gray">{INVOICE_MESSAGES.noItems}</Alert>,
    // Eight columns fit beside the menu on a laptop with half the usual cell padding; on a phone the table scrolls sideways.
    ...NARROW_CELLS,
    mantineTableContainerProps: { style: { overflowX: 'auto' } },
  });
  // On its way to the list (a malformed id).
  if (gone) return null;
  if (failed) return <Alert m="md" color="red">{INVOICE_MESSAGES.fetchOne}.</Alert>;
  if (!invoice) return <Text p="md">Loading…</Text>;
  return (
    <Stack p="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/invoice/scanning">Invoice Scanning</Anchor>
        <Anchor component={Link} to={`/invoice/${invoice.id}`}>{invoice.description}</Anchor>
        <Text>Items</Text>
      </Breadcrumbs>
      <Title order={2}>Invoice Items</Title>
      <Group justify="space-between">
        <TextInput placeholder="Search" aria-label="Search items" value={search} onChange={(e) => actor.send({ type: 'invoice.searchChanged', search: e.currentTarget.value })} />
        {internalAdmin && (
          <ExportButton text="Export Page Details" label="Export Page Details of the invoice items" size="compact-sm"
            build={() => invoiceItemsCsv(items)} />
        )}
      </Group>
      <MantineReactTable table={table} />
    </Stack>
  );
}
