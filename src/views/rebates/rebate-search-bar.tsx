import { Button, CloseButton, Group, Loader, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { rebatesScreenMachine } from '../../machines/rebates/rebates-screen.ts';
import { selectSearchBarView, selectFilterStatus } from '../../machines/rebates/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';

export const SEARCH_PLACEHOLDER = 'Search by MIN, description or manufacturer';

/** The search box with Search and its clear button, and the Filters button that opens the panel. */
export function RebateSearchBar({ page, mobile }: { page: ActorRefFrom<typeof rebatesScreenMachine>; mobile: boolean }) {
  const { filters, text, maySearch, showsClear, filtersLabel } = useSelector(page, selectSearchBarView, sameView);
  const filterStatus = useSelector(filters, selectFilterStatus);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    page.send({ type: 'rebatesScreen.searchSubmitted' });
  };

  return (
    <>
      <Group align="flex-start" gap="sm" wrap={mobile ? 'wrap' : 'nowrap'}>
        <form onSubmit={submit} style={{ flex: 1, display: 'flex', gap: 8, minWidth: 260 }}>
          <TextInput
            style={{ flex: 1 }}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label="Search rebates"
            value={text}
            onChange={(e) => page.send({ type: 'rebatesScreen.searchChanged', text: e.currentTarget.value })}
            rightSection={showsClear ? <CloseButton aria-label="Clear search" onClick={() => page.send({ type: 'rebatesScreen.searchCleared' })} /> : null}
          />
          <Button type="submit" disabled={!maySearch}>
            Search
          </Button>
        </form>
        <Button
          variant="default"
          disabled={filterStatus !== 'loaded'}
          rightSection={filterStatus === 'loading' ? <Loader size={14} aria-label="Loading filters" /> : null}
          onClick={() => page.send({ type: 'rebatesScreen.filtersOpened' })}
        >
          {filtersLabel}
        </Button>
      </Group>
      {filterStatus === 'failed' && (
        <Text c="red" size="sm">
          Couldn't load filters, try refreshing
        </Text>
      )}
    </>
  );
}
