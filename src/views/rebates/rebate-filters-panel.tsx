import { Button, Checkbox, Drawer, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FilterEntry, RebateFilters } from '../../model/rebates.ts';

export interface FilterSelection {
  manufacturers: number[];
  categories: number[];
}

/** One checklist with its own search box; the search only narrows what is listed. */
function Checklist({ title, entries, selected, onChange }: {
  title: string;
  entries: FilterEntry[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const [search, setSearch] = useState('');
  const shown = entries.filter((e) => e.label.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Stack gap={6}>
      <Title order={5}>{title}</Title>
      <TextInput size="xs" placeholder={`Search ${title.toLowerCase()}`} aria-label={`Search ${title}`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <ScrollArea.Autosize mah={220} type="auto">
        <Checkbox.Group value={selected.map(String)} onChange={(ids) => onChange(ids.map(Number))} aria-label={title}>
          <Stack gap={6} py={4}>
            {shown.map((e) => (
              <Checkbox key={e.id} value={String(e.id)} label={e.label} size="xs" radius="sm" />
            ))}
            {shown.length === 0 && <Text size="xs" c="dimmed">No results found</Text>}
          </Stack>
        </Checkbox.Group>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * The filters panel: choices are drafts until Apply; Reset clears the drafts. It opens with
 * what is applied now (the parent remounts it on each opening).
 */
export function RebateFiltersPanel({ opened, filters, applied, distributor, onApply, onClose }: {
  opened: boolean;
  filters: RebateFilters;
  applied: FilterSelection;
  distributor: string;
  onApply: (selection: FilterSelection) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<FilterSelection>(applied);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={<Title order={4}>Filters</Title>} size="sm">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={5}>Distributor</Title>
          <Text size="sm">{distributor}</Text>
        </Stack>
        <Checklist title="Manufacturer" entries={filters.manufacturers} selected={draft.manufacturers} onChange={(manufacturers) => setDraft({ ...draft, manufacturers })} />
        <Checklist title="Category" entries={filters.categories} selected={draft.categories} onChange={(categories) => setDraft({ ...draft, categories })} />
        <Group justify="space-between">
          <Button variant="default" onClick={() => setDraft({ manufacturers: [], categories: [] })}>
            Reset
          </Button>
          <Button onClick={() => onApply(draft)}>Apply</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
