import { ActionIcon, Button, Group } from '@mantine/core';
import { IconLogin, IconPencil } from '@tabler/icons-react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import '../common/wrapping-table.css';
import { useMemo } from 'react';
import type { AdminUserRow } from '../../model/admin.ts';
import { adminDate } from '../../machines/admin-dashboard/selectors.ts';
import { usersTableOptions } from '../common/users-table-options.ts';

const dateColumn = (key: 'createdDate' | 'lastLoginDateTime', header: string): MRT_ColumnDef<AdminUserRow> => ({
  id: key,
  header,
  accessorFn: (u) => u[key] ?? '',
  size: 130,
  Cell: ({ row }) => adminDate(row.original[key]),
});

interface Props {
  users: AdminUserRow[];
  emptyText: string;
  onLogin: (u: AdminUserRow) => void;
  onEdit: (u: AdminUserRow) => void;
  compact: boolean;
}

/** The admin dashboard's users table (spec §2.11): sortable, dates MM-DD-YYYY, Login and edit per row. */
export function AdminUsersTable({ users, emptyText, onLogin, onEdit, compact }: Props) {
  const columns = useMemo<MRT_ColumnDef<AdminUserRow>[]>(
    () => [
      { accessorKey: 'contactName', header: 'Name', size: 170 },
      { accessorKey: 'email', header: 'Email', size: 210 },
      { accessorKey: 'distributor', header: 'Distributor', size: 170 },
      dateColumn('createdDate', 'Created Date'),
      dateColumn('lastLoginDateTime', 'Last Login'),
      { id: 'title', header: 'Role', accessorFn: (u) => u.title ?? '', size: 140 },
      {
        id: 'actions',
        header: '',
        size: 150,
        enableSorting: false,
        Cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-sm" variant="light" leftSection={<IconLogin size={14} />} aria-label={`Login as ${row.original.contactName}`} onClick={() => onLogin(row.original)}>
              Login
            </Button>
            <ActionIcon variant="subtle" aria-label={`Edit ${row.original.contactName}`} onClick={() => onEdit(row.original)}>
              <IconPencil size={16} />
            </ActionIcon>
          </Group>
        ),
      },
    ],
    [onLogin, onEdit],
  );
  const table = useMantineReactTable({
    columns,
    data: users,
    ...usersTableOptions({ testId: 'admin-users-table', emptyText, heightOffsetPx: 260 }),
    state: { columnVisibility: { email: !compact, distributor: !compact, createdDate: !compact, lastLoginDateTime: !compact } },
  });
  return <MantineReactTable table={table} />;
}
