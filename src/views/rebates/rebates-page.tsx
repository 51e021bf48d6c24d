import { Alert, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { rebatesScreenMachine } from '../../machines/rebates/rebates-screen.ts';
import { selectRebateListView, selectRebatesScreenView, type ListFooter as FooterKind } from '../../machines/rebates/selectors.ts';
import type { RebateCriteria, RebateRow, RebateScope } from '../../model/rebates.ts';
import { TabPanels } from '../common/tab-panels.tsx';
import { AuthActor } from '../../app-actor.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { RebateCards } from './rebate-cards.tsx';
import { RebateExportButtons } from './rebate-export-buttons.tsx';
import { RebateFiltersPanel } from './rebate-filters-panel.tsx';
import { RebateSearchBar } from './rebate-search-bar.tsx';
import { RebateSortBy } from './rebate-sort-dialog.tsx';
import { RebatesTable } from './rebates-table.tsx';
import { sameView, selectHouseAndExportView } from '../../machines/shell/selectors.ts';
import { SimilarItemsPanel } from './similar-items-panel.tsx';

/** /rebates/list: your rebates and all rebates, searched, filtered, sorted and paged. */
export function RebatesPage() {
  return <OwnedPage page="rebates">{(page) => <RebatesScreen page={page} />}</OwnedPage>;
}

function RebatesScreen({ page }: { page: ActorRefFrom<typeof rebatesScreenMachine> }) {
  const { list, choices } = useSelector(page, selectRebatesScreenView, sameView);
  const { rows, revealedId, scope, criteria, failed, footerKind } = useSelector(list, selectRebateListView, sameView);
  const { house: distributor, canExport } = AuthActor.useSelector(selectHouseAndExportView, sameView);
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;

  // Stable callbacks: the table's columns are memoised on them.
  const sortBy = useCallback((sort: Pick<RebateCriteria, 'sort' | 'order'>) => page.send({ type: 'rebatesScreen.sortChanged', sort }), [page]);
  const toggle = useCallback((rebateId: number) => list.send({ type: 'rebates.rowToggled', rebateId }), [list]);
  const loadMore = useCallback(() => list.send({ type: 'rebates.loadMore' }), [list]);
  const openSimilar = useCallback((row: RebateRow) => page.send({ type: 'rebatesScreen.similarOpened', row }), [page]);

  const footer = <ListFooter kind={footerKind} mobile={mobile} onRetry={() => list.send({ type: 'rebates.retry' })} onLoadMore={loadMore} />;

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={1}>Rebates &amp; Deviations</Title>
        {canExport && <RebateExportButtons scope={scope} rows={rows} />}
      </Group>
      <Tabs value={scope} onChange={(value) => value && page.send({ type: 'rebatesScreen.scopeChanged', scope: value as RebateScope })}>
        <Tabs.List>
          <Tabs.Tab value="yours">YOUR REBATES</Tabs.Tab>
          <Tabs.Tab value="all">ALL REBATES</Tabs.Tab>
        </Tabs.List>
        <TabPanels values={['yours', 'all']} active={scope}>
          <RebateSearchBar page={page} mobile={mobile} />
          {choices && <RebateFiltersPanel page={page} distributor={distributor} />}
          <SimilarItemsPanel page={page} />
          {failed ? (
            <Alert color="red">Couldn't load rebates, try refreshing</Alert>
          ) : mobile ? (
            <RebateCards rows={rows} revealedId={revealedId} sortBy={<RebateSortBy page={page} />} footer={footer} onToggle={toggle} onSimilar={openSimilar} />
          ) : (
            <RebatesTable rows={rows} revealedId={revealedId} sort={criteria} footer={footer} onSort={sortBy} onToggle={toggle} onSimilar={openSimilar} onNearEnd={loadMore} />
          )}
        </TabPanels>
      </Tabs>
    </Stack>
  );
}

/** Under the list: progress, the retry of a failed page, the empty state, or Load More (phones). */
function ListFooter({ kind, mobile, onRetry, onLoadMore }: { kind: FooterKind; mobile: boolean; onRetry: () => void; onLoadMore: () => void }) {
  if (kind === 'loadingRebates' || kind === 'loadingMore') {
    return (
      <Group justify="center" p="sm">
        <Loader size="sm" />
        <Text size="sm">{kind === 'loadingRebates' ? 'Loading rebates…' : 'Loading more…'}</Text>
      </Group>
    );
  }
  if (kind === 'retry') {
    return (
      <Group justify="center" p="sm">
        <Button variant="light" color="red" onClick={onRetry}>
          Click to try again
        </Button>
      </Group>
    );
  }
  if (kind === 'noResults') return <Text ta="center" p="md" c="dimmed">No results found</Text>;
  if (kind === 'loadMore' && mobile) {
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
