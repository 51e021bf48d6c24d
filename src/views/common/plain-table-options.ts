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
