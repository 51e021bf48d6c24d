import { ActionIcon, Button, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import '../common/wrapping-table.css';
import { useMemo } from 'react';
import type { UserRow } from '../../model/account.ts';
import { emailParts } from '../../model/format.ts';
import { formatUserDate } from '../../machines/user-management/selectors.ts';
import { usersTableOptions } from '../common/users-table-options.ts';

// ISO dates sort as text; a missing last login sorts first ascending.
const dateColumn = (key: 'createdDate' | 'lastLoginDateTime', header: string): MRT_ColumnDef<UserRow> => ({
  id: key,
  header,
  accessorFn: (u) => u[key] ?? '',
  size: 150,
  Cell: ({ row }) => formatUserDate(row.original[key]),
});

export interface UsersTableProps {
  users: UserRow[];
  emptyText: string;
  onEdit: (u: UserRow) => void;
  /** Phones: name with the email under it, role and Edit; the dates are left out. */
  compact: boolean;
}

/** The users table of §2.4: sortable columns, an Edit action on rows the server says the viewer may edit. */
export function UsersTable({ users, emptyText, onEdit, compact }: UsersTableProps) {
  const columns = useMemo<MRT_ColumnDef<UserRow>[]>(
    () => [
      {
        accessorKey: 'contactName',
        header: 'NAME',
        size: compact ? 190 : 170,
        Cell: ({ row }) => (
          <Text size="sm">
            {row.original.contactName}
            {!row.original.activated && (
              <Text span size="xs" c="dimmed">
                {' '}
                (invited)
              </Text>
            )}
            {compact && (
              // Each part is a box of its own: a line breaks before the '@', never inside a name that
              // fits the column (not even at its hyphens); a part longer than the column still wraps.
              <Text size="xs" c="dimmed" data-testid="user-email">
                {emailParts(row.original.email).map((part) => (
                  <span key={part} style={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}>
                    {part}
                  </span>
                ))}
              </Text>
            )}
          </Text>
        ),
      },
      { accessorKey: 'email', header: 'EMAIL', size: 220 },
      dateColumn('createdDate', 'CREATED DATE'),
      dateColumn('lastLoginDateTime', 'LAST LOGIN DATE'),
      { id: 'title', header: 'ROLE', accessorFn: (u) => u.title ?? '', size: compact ? 118 : 140 },
      {
        id: 'edit',
        header: '',
        size: compact ? 48 : 95,
        enableSorting: false,
        Cell: ({ row }) =>
          row.original.canEdit && compact ? (
            <ActionIcon variant="subtle" aria-label={`Edit ${row.original.contactName}`} onClick={() => onEdit(row.original)}>
              <IconPencil size={16} />
            </ActionIcon>
          ) : row.original.canEdit ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} />}
              aria-label={`Edit ${row.original.contactName}`}
              onClick={() => onEdit(row.original)}
            >
              Edit
            </Button>
          ) : null,
      },
    ],
    [onEdit, compact],
  );
  const table = useMantineReactTable({
    columns,
    data: users,
    ...usersTableOptions({ testId: 'users-table', emptyText, heightOffsetPx: 240 }),
    state: { columnVisibility: { email: !compact, createdDate: !compact, lastLoginDateTime: !compact } },
  });
  return <MantineReactTable table={table} />;
}
