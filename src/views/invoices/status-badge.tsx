import { Badge } from '@mantine/core';
import { statusColor } from '../../model/invoices.ts';

export const StatusBadge = ({ status }: { status: string }) => <Badge color={statusColor(status)} variant="light">{status}</Badge>;
