import { Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The content under tabs that switch one view (scope, sort order): a panel per tab, so each tab
 * controls an element that exists (screen readers follow `aria-controls`), with the content in
 * the active one only.
 */
export function TabPanels({ values, active, children }: { values: readonly string[]; active: string; children: ReactNode }) {
  return values.map((value) => (
    <Tabs.Panel key={value} value={value}>
      {value === active && <Stack gap="md">{children}</Stack>}
    </Tabs.Panel>
  ));
}
