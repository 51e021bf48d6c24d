import { Group, Text } from '@mantine/core';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_SortingState } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import type { RebateCardsProps } from './rebate-cards.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import '../common/wrapping-table.css';
import { useMemo } from 'react';
import { formatDescription, rebateTypeLabel } from '../../model/rebate-format.ts';
import type { RebateCriteria, RebateRow, RebateSortColumn } from '../../model/rebates.ts';
import { DeviatedPrice, RebateValue, RevealButton, SimilarItemsButton } from './rebate-cells.tsx';

/** Rows closer than this to the bottom of the scroll area ask for the next page. */
const LOAD_MORE_MARGIN_PX = 240;

export interface RebatesTableProps extends Omit<RebateCardsProps, 'sortBy'> {
  /** The applied sort, shown by the header; a header click asks for another. */
  sort: Pick<RebateCriteria, 'sort' | 'order'>;
  onSort: (sort: Pick<RebateCriteria, 'sort' | 'order'>) => void;
  onNearEnd: () => void;
}

/** The desktop table: server-side sort on every data column, infinite scroll. */
export function RebatesTable({ rows, revealedId, sort, footer, onSort, onToggle, onSimilar, onNearEnd }: RebatesTableProps) {
  const columns = useMemo<MRT_ColumnDef<RebateRow>[]>(
    () => [
      { accessorKey: 'din', header: 'DIN', size: 85, Cell: ({ row }) => row.original.din ?? '--' },
      { accessorKey: 'min', header: 'MIN', size: 95 },
      {
        accessorKey: 'description',
        header: 'Description',
        size: 165,
        Cell: ({ row }) => <Text size="sm">{formatDescription(row.original.description)}</Text>,
      },
      { accessorKey: 'manufacturer', header: 'Manufacturer', size: 145 },
      { accessorKey: 'rebateType', header: 'Rebate Type', size: 110, Cell: ({ row }) => rebateTypeLabel(row.original.rebateType) },
      {
        accessorKey: 'rebateValue',
        header: 'Rebate',
        size: 130,
        Cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <RebateValue row={row.original} revealed={row.original.rebateId === revealedId} />
            <RevealButton row={row.original} revealed={row.original.rebateId === revealedId} onToggle={onToggle} />
          </Group>
        ),
      },
      {
        accessorKey: 'deviationValue',
        header: 'Deviated Price',
        size: 120,
        Cell: ({ row }) => <DeviatedPrice row={row.original} revealed={row.original.rebateId === revealedId} />,
      },
      {
        id: 'similarItems',
        header: 'Similar Items',
        size: 85,
        enableSorting: false,
        Cell: ({ row }) => <SimilarItemsButton row={row.original} onOpen={onSimilar} />,
      },
    ],
    [revealedId, onToggle, onSimilar],
  );
  const sorting: MRT_SortingState = [{ id: sort.sort, desc: sort.order === 'desc' }];

  const table = useMantineReactTable({
    columns,
    data: rows,
    getRowId: (row) => String(row.rebateId),
    manualSorting: true,
    ...PLAIN_TABLE_OPTIONS,
    enableSortingRemoval: false,
    enableStickyHeader: true,
    initialState: { density: 'xs' },
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onSort({ sort: first.id as RebateSortColumn, order: first.desc ? 'desc' : 'asc' });
    },
    mantineTableProps: { striped: true, highlightOnHover: true, className: 'wrapping-table', 'data-testid': 'rebates-table' } as never,
    mantineTableBodyRowProps: ({ row }) => ({ 'data-revealed': row.original.rebateId === revealedId ? 'true' : 'false' }) as never,
    mantineTableContainerProps: {
      style: { maxHeight: 'calc(100vh - 300px)', minHeight: 320 },
      'data-testid': 'rebates-scroll',
      onScroll: (event: React.UIEvent<HTMLDivElement>) => {
        const el = event.currentTarget;
        if (el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_MARGIN_PX) onNearEnd();
      },
    } as never,
    // With no rows the footer (loading, 'No results found', the retry) stands in the table's empty
    // row; a null here would let the table add its own 'No records to display' (issue 39).
    renderEmptyRowsFallback: () => footer ?? <></>,
  });

  return (
    <>
      <MantineReactTable table={table} />
      {rows.length > 0 && footer}
    </>
  );
}
