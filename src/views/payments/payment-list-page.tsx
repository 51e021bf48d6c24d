import { ActionIcon, Alert, Anchor, Button, Card, Center, Checkbox, Drawer, Group, Loader, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileInvoice, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_SortingState } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import '../common/wrapping-table.css';
import './check-table.css';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { checkDetailsMachine } from '../../machines/payments/check-details.ts';
import type { checkListMachine } from '../../machines/payments/check-list.ts';
import { selectPaymentListScreenView, NO_CHECKS, ROUTING_FILTERS } from '../../machines/payments/selectors.ts';
import { formatMoney } from '../../model/format.ts';
import type { CheckSortColumn, CheckSummary, RoutingFilter } from '../../model/payments.ts';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { CheckDetailsView } from './check-details-view.tsx';
import { merchantPagePath } from './merchant-path.ts';
import { sameView } from '../../machines/shell/selectors.ts';

const TRANSFER_TEXT = { export: 'Preparing the ZIP', print: 'Preparing the print', summary: 'Preparing the summary' } as const;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** /paymentinformation/list: the quarter's checks of the house (accounts spec §2.7). */
/** Its machine (the app's root actor runs it) starts anew for another active house. */
export function PaymentListPage() {
  return <OwnedPage page="paymentList">{(page) => <PaymentList page={page} />}</OwnedPage>;
}

function PaymentList({ page }: { page: ActorRefFrom<typeof checkListMachine> }) {
  const { view, panelDetails } = useSelector(page, selectPaymentListScreenView, sameView);
  const send = page.send;
  const { rows, totals, canBulk, panel } = view;
  const { selected, allShown: allShownSelected, someShown } = view.selection;
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  const columns = useMemo<MRT_ColumnDef<CheckSummary>[]>(
    () => [
      {
        id: 'select', header: 'Select', size: phone ? 40 : 60, enableSorting: false,
        Header: () => (
          <Checkbox aria-label="Select every check shown" checked={allShownSelected} indeterminate={someShown}
            onChange={() => send({ type: 'checks.allToggled' })} />
        ),
        Cell: ({ row }) => (
          <Checkbox aria-label={`Select the check of ${row.original.merchant}`} checked={selected.includes(row.original.merchantid)}
            onChange={() => send({ type: 'checks.rowToggled', merchantId: row.original.merchantid })} />
        ),
      },
      { accessorKey: 'platformClientId', header: 'Platform Client Id', size: 110 },
      {
        accessorKey: 'merchant', header: 'Customer Name', size: phone ? 130 : 200,
        Cell: ({ row }) => (
          <div>
            <Anchor component={Link} to={merchantPagePath(row.original)} size="sm">{row.original.merchant}</Anchor>
            {/* A phone has no room for these columns: they go under the name. */}
            {phone && (
              <Text size="xs" c="dimmed" data-testid="check-row-ids">
                {row.original.platformClientId} · {row.original.checkno ?? '--'}
              </Text>
            )}
          </div>
        ),
      },
      { accessorKey: 'distributordistrict', header: 'Distributor District', size: 120, Cell: ({ row }) => row.original.distributordistrict ?? '--' },
      { accessorKey: 'checkno', header: 'Check Number', size: 120, Cell: ({ row }) => row.original.checkno ?? '--' },
      { accessorKey: 'amount', header: 'Amount', size: phone ? 90 : 100, Cell: ({ row }) => formatMoney(row.original.amount) },
      {
        id: 'details', header: '', size: phone ? 44 : 200, enableSorting: false,
        Cell: ({ row }) => {
          const open = () => send({ type: 'checks.panelOpened', merchantId: row.original.merchantid });
          // One line on a desktop; a phone has room for its icon only.
          return phone ? (
            <ActionIcon variant="light" aria-label="View Details And Voucher" onClick={open}>
              <IconFileInvoice size={16} />
            </ActionIcon>
          ) : (
            <Button size="xs" variant="light" onClick={open} styles={{ label: { whiteSpace: 'nowrap' } }}>
              View Details And Voucher
            </Button>
          );
        },
      },
    ],
    [allShownSelected, someShown, selected, send, phone],
  );
  const sorting: MRT_SortingState = [{ id: view.sort.column, desc: view.sort.descending }];
  const table = useMantineReactTable({
    columns,
    data: rows,
    getRowId: (row) => String(row.merchantid),
    manualSorting: true,
    ...PLAIN_TABLE_OPTIONS,
    enablePagination: true,
    enableBottomToolbar: true,
    enableSortingRemoval: false,
    initialState: { density: 'xs', pagination: { pageIndex: 0, pageSize: 25 } },
    mantinePaginationProps: { rowsPerPageOptions: ['25', '50', '100'] },
    mantineTableBodyCellProps: { style: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    onSortingChange: (updater) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (first) send({ type: 'checks.sortChanged', column: first.id as CheckSortColumn });
    },
    // A phone shows the select box, the name (its ids under it), the amount and the details: no sideways scrolling.
    state: { sorting, columnVisibility: { platformClientId: !phone, distributordistrict: !phone, checkno: !phone } },
    mantineTableProps: { striped: true, highlightOnHover: true, className: 'wrapping-table check-table', 'data-testid': 'checks-table' } as never,
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Payment Information
      </Title>
      <Text size="sm" c="dimmed" data-testid="check-stats-scope">{view.totalsScope}</Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="check-stats" mt={-8}>
        <Stat label="Total Payments" value={String(totals.payments)} />
        <Stat label="Total Amount" value={formatMoney(totals.amount)} />
        <Stat label="Total Check" value={formatMoney(totals.check)} />
        <Stat label="Total ACH" value={formatMoney(totals.ach)} />
      </SimpleGrid>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput label="Search" placeholder="Id, name, district or check number" leftSection={<IconSearch size={14} />} value={view.search}
              onChange={(e) => send({ type: 'checks.searchChanged', search: e.currentTarget.value })} w={{ base: '100%', sm: 320 }} />
            <Select label="Quarter" data={view.quarters} value={view.timeframe} allowDeselect={false} w={170}
              onChange={(v) => v && send({ type: 'checks.quarterChanged', timeframe: v })} />
            <Select label="Payment routing" data={ROUTING_FILTERS as string[]} value={view.routing} allowDeselect={false} w={150}
              onChange={(v) => v && send({ type: 'checks.routingChanged', routing: v as RoutingFilter })} />
            <Button variant="light" leftSection={<IconDownload size={14} />} disabled={!view.canSummarise} onClick={() => send({ type: 'checks.summary' })}>
              Pay / No Pay Summary
            </Button>
          </Group>
          {view.notice && <Alert color="red" role="alert">{view.notice}</Alert>}
          {view.failed ? (
            <Center py="xl"><Text c="red.9" role="alert">{view.error}</Text></Center>
          ) : view.loading ? (
            <Center py="xl"><Loader size="sm" aria-label="Loading checks" /></Center>
          ) : rows.length === 0 ? (
            <Center py="xl"><Text c="dimmed">{NO_CHECKS}</Text></Center>
          ) : (
            <MantineReactTable table={table} />
          )}
        </Stack>
      </Card>
      {/* Held at the screen's foot only while checks are selected: before that, on a phone, it would hide the rows to choose from. */}
      <Paper withBorder shadow="md" p={phone ? 'xs' : 'sm'} pos={view.selectedCount > 0 ? 'sticky' : 'static'} bottom={0} style={{ zIndex: 150 }} role="region" aria-label="Selected checks">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Text fw={600} data-testid="selected-count">{view.selectedCount} selected</Text>
            <Button variant="subtle" size="compact-sm" disabled={view.selectedCount === 0} onClick={() => send({ type: 'checks.selectionCleared' })}>
              Clear Selection
            </Button>
            <Switch size={phone ? 'xs' : 'sm'} label="Details" checked={view.details} onChange={() => send({ type: 'checks.detailsToggled' })} />
            <Switch size={phone ? 'xs' : 'sm'} label="Vouchers" checked={view.vouchers} onChange={() => send({ type: 'checks.vouchersToggled' })} />
          </Group>
          <Group gap="xs">
            {view.transfer && (
              <Text size="sm" role="status">
                {TRANSFER_TEXT[view.transfer.kind]}… {view.transfer.loaded > 0 ? kb(view.transfer.loaded) : ''}
              </Text>
            )}
            <Button size={phone ? 'compact-sm' : 'sm'} variant="light" leftSection={<IconPrinter size={14} />} disabled={!canBulk} onClick={() => send({ type: 'checks.print' })}>
              Print
            </Button>
            <Button size={phone ? 'compact-sm' : 'sm'} leftSection={<IconDownload size={14} />} disabled={!canBulk} onClick={() => send({ type: 'checks.download' })}>
              Download
            </Button>
          </Group>
        </Group>
      </Paper>
      <Drawer opened={panel !== null} onClose={() => send({ type: 'checks.panelClosed' })} position="right" size="xl" title={panel?.merchant} closeButtonProps={{ 'aria-label': 'Close the check details' }}>
        {panel && panelDetails && <PanelBody check={panel} actor={panelDetails} />}
      </Drawer>
    </Stack>
  );
}

function PanelBody({ check, actor }: { check: CheckSummary; actor: ActorRefFrom<typeof checkDetailsMachine> }) {
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={merchantPagePath(check)} size="sm">
        Every quarter of {check.merchant}
      </Anchor>
      <CheckDetailsView actor={actor} />
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={700} size="lg">{value}</Text>
    </Card>
  );
}
