import { PLAIN_TABLE_OPTIONS } from './plain-table-options.ts';

/**
 * What the two tables of users share (User Management, the Admin Dashboard): by name, sortable,
 * striped, with a sticky header in a box that scrolls below the page's own controls.
 */
export function usersTableOptions({ testId, emptyText, heightOffsetPx }: { testId: string; emptyText: string; heightOffsetPx: number }) {
  return {
    getRowId: (u: { id: number }) => String(u.id),
    ...PLAIN_TABLE_OPTIONS,
    enableSorting: true,
    enableSortingRemoval: false,
    initialState: { density: 'xs' as const, sorting: [{ id: 'contactName', desc: false }] },
    mantineTableProps: { striped: true, highlightOnHover: true, className: 'wrapping-table', 'data-testid': testId } as never,
    mantineTableContainerProps: { style: { maxHeight: `calc(100vh - ${heightOffsetPx}px)` } },
    enableStickyHeader: true,
    localization: { noRecordsToDisplay: emptyText },
  };
}
