import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MRT_SortingState } from 'mantine-react-table';
import { LOAD_FAILED } from '../../machines/insights/selectors.ts';
import type { ColumnSort } from '../../model/sort-rule.ts';
import '../common/wrapping-table.css';
import '../intel/intel-tables.css';

/** Cells and header labels wrap between words (the tables sit beside the side menu). */
export const TABLE_CLASS = 'wrapping-table intel-table';

/**
 * mantine-react-table options for a table sorted by its machine: the header shows the machine's
 * sort, and a click sends the column (the machine applies the spec's sort rule).
 */
export function machineSorting<C extends string>(sort: ColumnSort<C>, onSort: (column: C) => void) {
  const sorting: MRT_SortingState = [{ id: sort.column, desc: sort.descending }];
  return {
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater: MRT_SortingState | ((old: MRT_SortingState) => MRT_SortingState)) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      // The table proposes a direction; the machine decides it, so only the column is sent.
      onSort((first?.id ?? sort.column) as C);
    },
  } as const;
}

/** Table options every insights table shares. */
export const INSIGHTS_TABLE = {
  initialState: { density: 'xs' },
  mantineTableBodyCellProps: { style: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
} as const;

export function Loading() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

export function NoData() {
  return (
    <Center py="xl">
      <Text c="dimmed">No Data Found</Text>
    </Center>
  );
}

/** A failed load, with a retry. */
export function LoadFailed({ onRetry, message = LOAD_FAILED }: { onRetry: () => void; message?: string }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

/** A loaded view's four faces: the failure with a retry, a loader, 'No Data Found', or the content. */
export function LoadedView({ failed, loading, empty, onRetry, failedMessage, children }: {
  failed: boolean;
  loading: boolean;
  empty: boolean;
  onRetry: () => void;
  failedMessage?: string;
  children: ReactNode;
}) {
  if (failed) return <LoadFailed onRetry={onRetry} message={failedMessage} />;
  if (loading) return <Loading />;
  if (empty) return <NoData />;
  return children;
}
