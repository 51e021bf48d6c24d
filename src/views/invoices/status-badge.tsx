import { Badge } from '@mantine/core';
import { statusColor } from '../../machines/invoices/selectors.ts';

export const StatusBadge = ({ status }: { status: string }) => <Badge color={statusColor(status)} variant="light">{status}</Badge>;
