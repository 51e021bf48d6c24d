import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every dashboard card shares: a title, optional actions, the body. */
export function DashboardCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title} h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={700} size="sm">
          {title}
        </Text>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

export function NoResults() {
  return (
    <Text c="dimmed" size="sm" ta="center" py="md">
      No results found
    </Text>
  );
}
