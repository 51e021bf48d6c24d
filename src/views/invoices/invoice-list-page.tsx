import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconEye, IconTrash } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { InvoiceSummary } from '../../model/invoices.ts';
import { INVOICE_MESSAGES, invoiceDate, selectCsvFetching, selectCsvMessage, selectInvoices, selectListState } from '../../machines/invoices/selectors.ts';
import { NARROW_CELLS, PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { InvoiceCsvActor, InvoiceListActor, InvoiceUploadActor } from './invoice-actors.ts';
import { StatusBadge } from './status-badge.tsx';
import { ConfirmDelete } from './invoice-detail-page.tsx';
import { UploadModal } from './upload-modal.tsx';

export function InvoiceListPage() {
  return (
    <InvoiceListActor.Provider>
      <InvoiceCsvActor.Provider>
        <InvoiceList />
      </InvoiceCsvActor.Provider>
    </InvoiceListActor.Provider>
  );
}

/** §2.6: on phones, a done invoice's items as a CSV. */
function PhoneCsv({ invoice }: { invoice: InvoiceSummary }) {
  const csv = InvoiceCsvActor.useActorRef();
  const fetching = InvoiceCsvActor.useSelector(selectCsvFetching);
  return (
    <ActionIcon variant="subtle" loading={fetching === invoice.id} disabled={fetching !== null} aria-label={`CSV of ${invoice.description}`}
      onClick={() => csv.send({ type: 'csv.requested', id: invoice.id })}><IconDownload size={16} /></ActionIcon>
  );
}

function InvoiceList() {
  const actor = InvoiceListActor.useActorRef();
  const invoices = InvoiceListActor.useSelector(selectInvoices);
  const state = InvoiceListActor.useSelector(selectListState);
  const csvMessage = InvoiceCsvActor.useSelector(selectCsvMessage);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [search, setSearch] = useState('');
  const [uploading, setUploading] = useState(0);
  const [confirming, setConfirming] = useState<InvoiceSummary | null>(null);
  const locations = useMemo(() => [...new Set(invoices.map((i) => i.merchantName).filter(Boolean))], [invoices]);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? invoices.filter((i) => `${i.description} ${i.merchantName} ${i.status}`.toLowerCase().includes(q)) : invoices;
  }, [invoices, search]);
  const columns = useMemo<MRT_ColumnDef<InvoiceSummary>[]>(() => [
    { accessorKey: 'description', header: 'Invoice Name', ...(phone ? { size: 125 } : {}) },
    { accessorKey: 'merchantName', header: 'Location' },
    { accessorKey: 'createdAt', header: 'Upload Date', Cell: ({ row }) => invoiceDate(row.original.createdAt) },
    { accessorKey: 'status', header: 'Status', Cell: ({ row }) => <StatusBadge status={row.original.status} />, ...(phone ? { size: 105 } : {}) },
    {
      // On a phone, icons only, so the row's buttons fit beside its name and status.
      id: 'actions', header: '', enableSorting: false, ...(phone ? { size: 95 } : {}), Cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          {phone && row.original.status === 'done' && <PhoneCsv invoice={row.original} />}
          {phone
            ? <ActionIcon component={Link} to={`/invoice/${row.original.id}`} variant="light" aria-label="View Invoice"><IconEye size={16} /></ActionIcon>
            : <Button component={Link} to={`/invoice/${row.original.id}`} size="xs" variant="light">View Invoice</Button>}
          <ActionIcon color="red" variant="subtle" aria-label={`Delete ${row.original.description}`} onClick={() => setConfirming(row.original)}><IconTrash size={16} /></ActionIcon>
        </Group>
      ),
    },
  ], [phone]);
  const table = useMantineReactTable({
    ...PLAIN_TABLE_OPTIONS, columns, data: rows, enableSorting: true, initialState: { sorting: [{ id: 'createdAt', desc: true }] },
    renderEmptyRowsFallback: () => <Text m="md" c="dimmed">{state === 'loading' ? 'Loading invoices…' : INVOICE_MESSAGES.noInvoices}</Text>,
    mantineTableProps: { 'data-testid': 'invoices-table' } as object,
    // A phone shows what a row needs at a glance: name, status and its buttons (Location and date on wider screens).
    state: { columnVisibility: { merchantName: !phone, createdAt: !phone } },
    ...(phone ? NARROW_CELLS : {}),
  });
  return (
    <Stack p="md">
      <Title order={2}>Invoice Scanning</Title>
      <Group justify="space-between">
        <TextInput placeholder="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} aria-label="Search invoices" />
        <Button onClick={() => setUploading((n) => n + 1)}>Upload Invoice</Button>
      </Group>
      {csvMessage && <Alert color="red">{csvMessage}</Alert>}
      {state === 'failed'
        ? <Alert color="red">{INVOICE_MESSAGES.fetchList} <Button variant="subtle" size="xs" onClick={() => actor.send({ type: 'invoices.retry' })}>Retry</Button></Alert>
        : <MantineReactTable table={table} />}
      {uploading > 0 && (
        // A fresh upload machine each time the modal opens.
        <InvoiceUploadActor.Provider key={uploading} options={{ input: { invoiceId: null } }}>
          <UploadModal opened onClose={(uploaded) => { setUploading(0); if (uploaded) actor.send({ type: 'invoices.uploaded', invoice: uploaded }); }} locations={locations} addingTo={false} />
        </InvoiceUploadActor.Provider>
      )}
      {confirming && (
        <ConfirmDelete
          what={confirming.description}
          onCancel={() => setConfirming(null)}
          onConfirm={() => { actor.send({ type: 'invoices.delete', id: confirming.id }); setConfirming(null); }}
        />
      )}
    </Stack>
  );
}
