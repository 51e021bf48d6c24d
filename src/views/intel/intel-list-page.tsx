import { Button, Card, Center, Group, Pagination, Stack, Text } from '@mantine/core';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_SortingState } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import './intel-tables.css';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney, formatPercent } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import type { SortColumn } from '../../model/intel-rules.ts';
import { ExportButton } from '../common/export-button.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { AuthActor } from '../../app-actor.ts';
import { sameView, selectActsAsInternalAdmin } from '../../machines/shell/selectors.ts';
import { selectListView, selectIntelListCsv } from '../../machines/intel/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import type { IntelRef } from './intel-page.tsx';
import { SearchBox } from './intel-search.tsx';
import { IntelListCards } from './intel-list-cards.tsx';

const money = (key: SortColumn, header: string): MRT_ColumnDef<IntelMerchant> => ({
  accessorKey: key, header, size: 110, Cell: ({ row }) => formatMoney(row.original[key] as number),
});
const percent = (key: SortColumn, header: string): MRT_ColumnDef<IntelMerchant> => ({
  accessorKey: key, header, size: 105, Cell: ({ row }) => formatPercent(row.original[key] as number, 1),
});

/** /intel/list: 16 merchants a page, searched and sorted over every batch loaded so far. */
export function IntelListPage() {
  return <OwnedPage page="intel">{(intel) => <IntelListScreen intel={intel} />}</OwnedPage>;
}

function IntelListScreen({ intel }: { intel: IntelRef }) {
  const { search, sort, page, settled, shown, noneVisible, pages } = useSelector(intel, selectListView, sameView);
  const canExport = AuthActor.useSelector(selectActsAsInternalAdmin);
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  // Only the 16 rows of the page reach the table: 5,000 merchants never render at once.
  const columns = useMemo<MRT_ColumnDef<IntelMerchant>[]>(
    () => [
      { accessorKey: 'dcn', header: 'Account Number', size: 90, Cell: ({ row }) => row.original.dcn || '--' },
      { accessorKey: 'merchant', header: 'Merchant', size: 170, Cell: ({ row }) => <Text size="sm">{row.original.merchant}</Text> },
      money('totalVolume', 'Total Volume'),
      money('competitorVolume', 'Competitor Volume'),
      percent('competitorVolumePerc', '% Competitor'),
      money('distributorVolume', 'Distributor Volume'),
      percent('distributorVolumePerc', '% Distributor'),
      {
        id: 'details',
        header: '',
        size: 115,
        enableSorting: false,
        Cell: ({ row }) => (
          <Button size="compact-xs" variant="light" disabled={row.original.noData} onClick={() => navigate(`/intel/detail/${row.original.id}/competitive`)}>
            See Details
          </Button>
        ),
      },
    ],
    [navigate],
  );
  const sorting: MRT_SortingState = [{ id: sort.column, desc: sort.descending }];
  const table = useMantineReactTable({
    columns,
    data: shown,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    ...PLAIN_TABLE_OPTIONS,
    enableSortingRemoval: false,
    initialState: { density: 'xs' },
    // Long names and ranges wrap between words rather than being cut (the table must fit beside the menu).
    mantineTableBodyCellProps: { style: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    state: { sorting },
    onSortingChange: (updater) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (first) intel.send({ type: 'intel.sortChanged', column: first.id as SortColumn });
    },
    mantineTableProps: { striped: true, highlightOnHover: true, className: 'wrapping-table intel-table', 'data-testid': 'intel-table' } as never,
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <SearchBox applied={search} label="Search merchant name or account number" placeholder="Merchant name or account number" onApply={(s) => intel.send({ type: 'intel.searchApplied', search: s })} />
          {canExport && !noneVisible && <ExportButton label="Export intel list" from={intel} select={selectIntelListCsv} size="compact-sm" />}
        </Group>
        {noneVisible ? (
          settled && (
            <Center py="xl">
              <Text c="dimmed">No Data Found</Text>
            </Center>
          )
        ) : (
          <>
            {isMobile ? <IntelListCards intel={intel} rows={shown} sort={sort} /> : <MantineReactTable table={table} />}
            <IntelPagination intel={intel} total={pages} page={page} />
          </>
        )}
      </Stack>
    </Card>
  );
}

export function IntelPagination({ intel, total, page }: { intel: IntelRef; total: number; page: number }) {
  if (total <= 1) return null;
  return (
    <Group justify="center">
      <Pagination total={total} value={Math.min(page, total)} onChange={(p) => intel.send({ type: 'intel.pageChanged', page: p })} size="sm" siblings={1} />
    </Group>
  );
}
