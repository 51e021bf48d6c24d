import { Button, Text } from '@mantine/core';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import '../common/wrapping-table.css';
import { useMemo } from 'react';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import type { ItemMatch } from '../../model/match.ts';
import { formatDescription, rebateTypeLabel } from '../../model/rebate-format.ts';

/** Similar items, sorted in the browser (the whole answer is loaded). */
export function SimilarItemsTable({ matches, onFeedback }: { matches: ItemMatch[]; onFeedback?: (m: ItemMatch) => void }) {
  const columns = useMemo<MRT_ColumnDef<ItemMatch>[]>(
    () => [
      { accessorKey: 'min', header: 'MIN', size: 85 },
      {
        accessorKey: 'description',
        header: 'Description',
        size: 150,
        Cell: ({ row }) => (
          <div>
            <Text size="sm">{formatDescription(row.original.description)}{row.original.recommended ? ' (recommended)' : ''}</Text>
            <Text size="xs" c="dimmed">{[row.original.pack, row.original.uom].filter(Boolean).join(' ')}</Text>
          </div>
        ),
      },
      { accessorKey: 'manufacturerName', header: 'Manufacturer', size: 145 },
      { accessorFn: (m) => (m.rebateType ? rebateTypeLabel(m.rebateType) : '--'), id: 'rebateType', header: 'Rebate Type', size: 100 },
      { accessorFn: (m) => m.rebateValue ?? -1, id: 'rebate', header: 'Rebate', size: 100, Cell: ({ row }) => row.original.rebateWithSymbol ?? '--' },
      { accessorFn: (m) => m.deviationValue ?? -1, id: 'deviation', header: 'Deviated Price', size: 115, Cell: ({ row }) => row.original.deviationDollar ?? '--' },
      { accessorKey: 'inCatalog', header: 'In Catalog', size: 100 },
      ...(onFeedback
        ? [
            {
              id: 'feedback',
              header: '',
              size: 140,
              enableSorting: false,
              Cell: ({ row }) => (
                <Button size="compact-xs" variant="light" onClick={() => onFeedback(row.original)}>
                  Leave Feedback
                </Button>
              ),
            } satisfies MRT_ColumnDef<ItemMatch>,
          ]
        : []),
    ],
    [onFeedback],
  );
  const table = useMantineReactTable({
    columns,
    data: matches,
    getRowId: (m) => m.min,
    ...PLAIN_TABLE_OPTIONS,
    initialState: { density: 'xs' },
    mantineTableProps: { striped: true, className: 'wrapping-table', 'data-testid': 'similar-items-table' } as never,
  });
  return <MantineReactTable table={table} />;
}
