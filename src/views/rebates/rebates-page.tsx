import { Alert, Button, CloseButton, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useState, type FormEvent } from 'react';
import { itemMatchMachine } from '../../machines/rebates/item-match.ts';
import { pagedRebatesMachine } from '../../machines/rebates/paged-rebates.ts';
import { rebateFiltersMachine } from '../../machines/rebates/rebate-filters.ts';
import type { RebateCriteria, RebateRow } from '../../model/rebates.ts';
import { selectMayLoadMore } from '../../machines/rebates/selectors.ts';
import type { RebateScope } from '../../model/rebates.ts';
import { TabPanels } from '../common/tab-panels.tsx';
import { AuthActor } from '../shell/actor-contexts.ts';
import { RebateCards } from './rebate-cards.tsx';
import { RebateExportButtons } from './rebate-export-buttons.tsx';
import { RebateFiltersPanel, type FilterSelection } from './rebate-filters-panel.tsx';
import { RebatesTable } from './rebates-table.tsx';
import { selectActsAsInternalAdmin, selectUser } from '../../machines/shell/selectors.ts';
import { SimilarItemsPanel } from './similar-items-panel.tsx';

export const SEARCH_PLACEHOLDER = 'Search by MIN, description or manufacturer';

/** /rebates/list: your rebates and all rebates, searched, filtered, sorted and paged. */
export function RebatesPage() {
  const list = useActorRef(pagedRebatesMachine, { input: { scope: 'yours' } });
  const filters = useActorRef(rebateFiltersMachine);
  const status = useSelector(list, (s) => s.value as 'idle' | 'loading' | 'failed' | 'failedToLoadMore');
  const rows = useSelector(list, (s) => s.context.rows);
  const mayLoadMore = useSelector(list, selectMayLoadMore);
  const revealedId = useSelector(list, (s) => s.context.revealedId);
  const scope = useSelector(list, (s) => s.context.scope);
  const criteria = useSelector(list, (s) => s.context.criteria);
  const filterStatus = useSelector(filters, (s) => s.value as 'loading' | 'loaded' | 'failed');
  const filterChoices = useSelector(filters, (s) => s.context.filters);
  const distributor = AuthActor.useSelector((s) => selectUser(s)?.activeDistributor?.nickname ?? '--');
  const canExport = AuthActor.useSelector(selectActsAsInternalAdmin);
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;

  const [searchText, setSearchText] = useState('');
  const [panelOpenings, setPanelOpenings] = useState(0);
  const [panelOpen, setPanelOpen] = useState(false);
  // One matches actor for the page: reopening the panel for a row seen before makes no call.
  const matches = useActorRef(itemMatchMachine);
  const [similarRow, setSimilarRow] = useState<RebateRow | null>(null);
  const openSimilar = useCallback(
    (row: RebateRow) => {
      setSimilarRow(row);
      matches.send({ type: 'matches.requested', key: { min: row.min, manufacturerPlatformId: row.manufacturerPlatformId } });
    },
    [matches],
  );

  const change = useCallback((c: Partial<RebateCriteria>) => list.send({ type: 'rebates.criteriaChanged', criteria: c }), [list]);
  const toggle = useCallback((rebateId: number) => list.send({ type: 'rebates.rowToggled', rebateId }), [list]);
  const loadMore = useCallback(() => list.send({ type: 'rebates.loadMore' }), [list]);
  const retry = () => list.send({ type: 'rebates.retry' });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (searchText.trim() !== '') change({ search: searchText });
  };
  const clearSearch = () => {
    setSearchText('');
    if (criteria.search !== '') change({ search: '' });
  };
  const applyFilters = (selection: FilterSelection) => {
    setPanelOpen(false);
    change(selection);
  };

  const footer = (
    <ListFooter
      status={status}
      empty={rows.length === 0}
      showLoadMore={mobile && mayLoadMore}
      onRetry={retry}
      onLoadMore={loadMore}
    />
  );
  const sort = { sort: criteria.sort, order: criteria.order };

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={1}>Rebates &amp; Deviations</Title>
        {canExport && <RebateExportButtons scope={scope} rows={rows} />}
      </Group>
      <Tabs value={scope} onChange={(value) => value && list.send({ type: 'rebates.scopeChanged', scope: value as RebateScope })}>
        <Tabs.List>
          <Tabs.Tab value="yours">YOUR REBATES</Tabs.Tab>
          <Tabs.Tab value="all">ALL REBATES</Tabs.Tab>
        </Tabs.List>
        <TabPanels values={['yours', 'all']} active={scope}>
          <Group align="flex-start" gap="sm" wrap={mobile ? 'wrap' : 'nowrap'}>
            <form onSubmit={submitSearch} style={{ flex: 1, display: 'flex', gap: 8, minWidth: 260 }}>
              <TextInput
                style={{ flex: 1 }}
                placeholder={SEARCH_PLACEHOLDER}
                aria-label="Search rebates"
                value={searchText}
                onChange={(e) => setSearchText(e.currentTarget.value)}
                rightSection={searchText !== '' || criteria.search !== '' ? <CloseButton aria-label="Clear search" onClick={clearSearch} /> : null}
              />
              <Button type="submit" disabled={searchText.trim() === ''}>
                Search
              </Button>
            </form>
            <Button
              variant="default"
              disabled={filterStatus !== 'loaded'}
              rightSection={filterStatus === 'loading' ? <Loader size={14} aria-label="Loading filters" /> : null}
              onClick={() => {
                setPanelOpenings((n) => n + 1);
                setPanelOpen(true);
              }}
            >
              Filters{criteria.manufacturers.length + criteria.categories.length > 0 ? ` (${criteria.manufacturers.length + criteria.categories.length})` : ''}
            </Button>
          </Group>
          {filterStatus === 'failed' && (
            <Text c="red" size="sm">
              Couldn't load filters, try refreshing
            </Text>
          )}
          {filterChoices && (
            <RebateFiltersPanel
              key={panelOpenings}
              opened={panelOpen}
              filters={filterChoices}
              applied={{ manufacturers: criteria.manufacturers, categories: criteria.categories }}
              distributor={distributor}
              onApply={applyFilters}
              onClose={() => setPanelOpen(false)}
            />
          )}
          <SimilarItemsPanel row={similarRow} actor={matches} onClose={() => setSimilarRow(null)} />
          {status === 'failed' ? (
            <Alert color="red">Couldn't load rebates, try refreshing</Alert>
          ) : mobile ? (
            <RebateCards rows={rows} revealedId={revealedId} sort={sort} footer={footer} onSort={change} onToggle={toggle} onSimilar={openSimilar} />
          ) : (
            <RebatesTable rows={rows} revealedId={revealedId} sort={sort} footer={footer} onSort={change} onToggle={toggle} onSimilar={openSimilar} onNearEnd={loadMore} />
          )}
        </TabPanels>
      </Tabs>
    </Stack>
  );
}

/** Under the list: progress, the retry of a failed page, the empty state, or Load More. */
function ListFooter({ status, empty, showLoadMore, onRetry, onLoadMore }: {
  status: 'idle' | 'loading' | 'failed' | 'failedToLoadMore';
  empty: boolean;
  showLoadMore: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
}) {
  if (status === 'loading') {
    return (
      <Group justify="center" p="sm">
        <Loader size="sm" />
        <Text size="sm">{empty ? 'Loading rebates…' : 'Loading more…'}</Text>
      </Group>
    );
  }
  if (status === 'failedToLoadMore') {
    return (
      <Group justify="center" p="sm">
        <Button variant="light" color="red" onClick={onRetry}>
          Click to try again
        </Button>
      </Group>
    );
  }
  if (status === 'idle' && empty) return <Text ta="center" p="md" c="dimmed">No results found</Text>;
  if (status === 'idle' && showLoadMore) {
    return (
      <Group justify="center" p="sm">
        <Button variant="light" onClick={onLoadMore}>
          Load More
        </Button>
      </Group>
    );
  }
  return null;
}
