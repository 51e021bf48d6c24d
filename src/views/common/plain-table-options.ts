/** mantine-react-table features our read-only lists do not offer: one sort column, no toolbars. */
export const PLAIN_TABLE_OPTIONS = {
  layoutMode: 'grid',
  enableMultiSort: false,
  enablePagination: false,
  enableColumnActions: false,
  enableColumnFilters: false,
  enableGlobalFilter: false,
  enableDensityToggle: false,
  enableFullScreenToggle: false,
  enableHiding: false,
  enableTopToolbar: false,
  enableBottomToolbar: false,
} as const;

/** Half the usual cell padding, for tables with many columns (or a phone's width). */
export const NARROW_CELLS = {
  mantineTableHeadCellProps: { style: { paddingInline: '0.5rem' } },
  mantineTableBodyCellProps: { style: { paddingInline: '0.5rem' } },
} as const;
