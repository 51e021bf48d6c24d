import { Button, Checkbox, Drawer, Group, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FilterList, rebatesScreenMachine } from '../../machines/rebates/rebates-screen.ts';
import { sameView, selectChecklistView, selectFiltersOpen } from '../../machines/rebates/selectors.ts';

type PageActor = ActorRefFrom<typeof rebatesScreenMachine>;

/** One checklist with its own search box; the search only narrows what is listed. */
function Checklist({ page, list, title }: { page: PageActor; list: FilterList; title: string }) {
  const { search, shown, selected } = useSelector(page, selectChecklistView(list), sameView);
  return (
    <Stack gap={6}>
      <Title order={5}>{title}</Title>
      <TextInput
        size="xs"
        placeholder={`Search ${title.toLowerCase()}`}
        aria-label={`Search ${title}`}
        value={search}
        onChange={(e) => page.send({ type: 'rebatesScreen.checklistSearched', list, text: e.currentTarget.value })}
      />
      <ScrollArea.Autosize mah={220} type="auto">
        <Checkbox.Group value={selected.map(String)} onChange={(ids) => page.send({ type: 'rebatesScreen.draftChanged', list, ids: ids.map(Number) })} aria-label={title}>
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

/** The filters panel: its checks are drafts until Apply; Reset clears them; it opens with what is applied. */
export function RebateFiltersPanel({ page, distributor }: { page: PageActor; distributor: string }) {
  const opened = useSelector(page, selectFiltersOpen);
  return (
    <Drawer opened={opened} onClose={() => page.send({ type: 'rebatesScreen.filtersClosed' })} position="right" title={<Title order={4}>Filters</Title>} size="sm">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={5}>Distributor</Title>
          <Text size="sm">{distributor}</Text>
        </Stack>
        <Checklist page={page} list="manufacturers" title="Manufacturer" />
        <Checklist page={page} list="categories" title="Category" />
        <Group justify="space-between">
          <Button variant="default" onClick={() => page.send({ type: 'rebatesScreen.filtersReset' })}>
            Reset
          </Button>
          <Button onClick={() => page.send({ type: 'rebatesScreen.filtersApplied' })}>Apply</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
