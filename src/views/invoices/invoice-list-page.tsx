import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { invoiceCsvMachine } from '../../machines/invoices/invoice-csv.ts';
import type { invoiceListMachine } from '../../machines/invoices/invoice-list.ts';
import type { InvoiceSummary } from '../../model/invoices.ts';
import { selectInvoiceListView, INVOICE_MESSAGES, invoiceDate, selectCsvFetching, selectCsvMessage } from '../../machines/invoices/selectors.ts';
import { NARROW_CELLS, PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UploadModal } from './upload-modal.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** /invoice/scanning: the invoices (their machine: the app's root actor runs it). */
export function InvoiceListPage() {
  return <OwnedPage page="invoiceList">{(page) => <InvoiceList actor={page} />}</OwnedPage>;
}

/** §2.6: on phones, a done invoice's items as a CSV. */
function PhoneCsv({ invoice, csv }: { invoice: InvoiceSummary; csv: ActorRefFrom<typeof invoiceCsvMachine> }) {
  const fetching = useSelector(csv, selectCsvFetching);
  return (
    <ActionIcon variant="subtle" loading={fetching === invoice.id} disabled={fetching !== null} aria-label={`CSV of ${invoice.description}`}
      onClick={() => csv.send({ type: 'csv.requested', id: invoice.id })}><IconDownload size={16} /></ActionIcon>
  );
}

function InvoiceList({ actor }: { actor: ActorRefFrom<typeof invoiceListMachine> }) {
  const { rows, search, loading, failed, confirming, upload, csv } = useSelector(actor, selectInvoiceListView, sameView);
  const csvMessage = useSelector(csv, selectCsvMessage);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const columns = useMemo<MRT_ColumnDef<InvoiceSummary>[]>(() => [
    { accessorKey: 'description', header: 'Invoice Name', ...(phone ? { size: 125 } : {}) },
    { accessorKey: 'merchantName', header: 'Location' },
    { accessorKey: 'createdAt', header: 'Upload Date', Cell: ({ row }) => invoiceDate(row.original.createdAt) },
    { accessorKey: 'status', header: 'Status', Cell: ({ row }) => <StatusBadge status={row.original.status} />, ...(phone ? { size: 105 } : {}) },
    {
      // On a phone, icons only, so the row's buttons fit beside its name and status.
      id: 'actions', header: '', enableSorting: false, ...(phone ? { size: 95 } : {}), Cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          {phone && row.original.status === 'done' && <PhoneCsv invoice={row.original} csv={csv} />}
          {phone
            ? <ActionIcon component={Link} to={`/invoice/${row.original.id}`} variant="light" aria-label="View Invoice"><IconEye size={16} /></ActionIcon>
            : <Button component={Link} to={`/invoice/${row.original.id}`} size="xs" variant="light">View Invoice</Button>}
          <ActionIcon color="red" variant="subtle" aria-label={`Delete ${row.original.description}`} onClick={() => actor.send({ type: 'invoices.deleteAsked', id: row.original.id })}><IconTrash size={16} /></ActionIcon>
        </Group>
      ),
    },
  ], [phone, actor, csv]);
  const table = useMantineReactTable({
    ...PLAIN_TABLE_OPTIONS, columns, data: rows, enableSorting: true, initialState: { sorting: [{ id: 'createdAt', desc: true }] },
    renderEmptyRowsFallback: () => <Text m="md" c="dimmed">{loading ? 'Loading invoices…' : INVOICE_MESSAGES.noInvoices}</Text>,
    mantineTableProps: { 'data-testid': 'invoices-table' } as object,
    // A phone shows what a row needs at a glance: name, status and its buttons (Location and date on wider screens).
    state: { columnVisibility: { merchantName: !phone, createdAt: !phone } },
    ...(phone ? NARROW_CELLS : {}),
  });
  return (
    <Stack p="md">
      <Title order={2}>Invoice Scanning</Title>
      <Group justify="space-between">
        <TextInput placeholder="Search" value={search} onChange={(e) => actor.send({ type: 'invoices.searchChanged', search: e.currentTarget.value })} aria-label="Search invoices" />
        <Button onClick={() => actor.send({ type: 'invoices.uploadOpened' })}>Upload Invoice</Button>
      </Group>
      {csvMessage && <Alert color="red">{csvMessage}</Alert>}
      {failed
        ? <Alert color="red">{INVOICE_MESSAGES.fetchList} <Button variant="subtle" size="xs" onClick={() => actor.send({ type: 'invoices.retry' })}>Retry</Button></Alert>
        : <MantineReactTable table={table} />}
      {upload && <UploadModal actor={upload} />}
      {confirming && (
        <ConfirmDelete
          what={confirming.description}
          onCancel={() => actor.send({ type: 'invoices.deleteCancelled' })}
          onConfirm={() => actor.send({ type: 'invoices.deleteConfirmed' })}
        />
      )}
    </Stack>
  );
}
