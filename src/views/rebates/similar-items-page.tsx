import { Anchor, Breadcrumbs, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { itemMatchMachine } from '../../machines/rebates/item-match.ts';
import { selectSimilarItemsView } from '../../machines/rebates/selectors.ts';
import type { ItemMatch } from '../../model/match.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import type { ActorRefFrom } from 'xstate';
import { OwnedPage } from '../shell/owned-page.tsx';
import { FeedbackDialog } from './feedback-dialog-view.tsx';
import { SimilarItemsResult } from './similar-items-result.tsx';
import { sameView } from '../../machines/shell/selectors.ts';


/** /rebates/matches/…: similar items of one item, under the rebates breadcrumb. */
export function SimilarItemsPage() {
  // The item's machine is the page's (machines/rebates/pages.ts); the link's words are only shown.
  const { itemName = '', min = '' } = useParams();
  return (
    <OwnedPage page="rebatesSimilarItems">
      {(page) => (
        <SimilarItemsScreen
          matches={page}
          min={min}
          description={itemName}
          crumbs={(count) => [
            <Anchor key="rebates" component={Link} to="/rebates/list">Rebates &amp; Deviations</Anchor>,
            <Text key="item">{formatDescription(itemName)}</Text>,
            <Text key="count">Similar Items ({count})</Text>,
          ]}
        />
      )}
    </OwnedPage>
  );
}

interface ScreenProps {
  /** The similar items of the item (an itemMatch actor that asked for it as it started). */
  matches: ActorRefFrom<typeof itemMatchMachine>;
  min: string;
  /** The item's description, from the link: the user knows items by name, the MIN goes beside it. */
  description: string;
  /** The breadcrumb's links and texts, given the count of similar items ('…' while loading). */
  crumbs: (count: string) => ReactNode[];
}

/**
 * Similar items of one item: what could replace it, and feedback when a match is wrong. Shared by
 * the rebates area (its page's actor) and competitive insights (the section's child), which differ
 * only in their breadcrumbs.
 */
export function SimilarItemsScreen({ matches, min, description, crumbs }: ScreenProps) {
  const { feedback, status, count, search, shown } = useSelector(matches, selectSimilarItemsView, sameView);
  const giveFeedback = useCallback(
    (m: ItemMatch) => feedback.send({ type: 'feedback.opened', mode: 'badMatch', min, badMatchMin: m.min }),
    [feedback, min],
  );

  return (
    <Stack gap="md" p="md">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>{crumbs(count)}</Breadcrumbs>
      <Title order={1}>Similar Items</Title>
      <Text size="sm" data-testid="similar-items-of">
        Items that can replace <Text span fw={600} inherit>{formatDescription(description)}</Text>{' '}
        <Text span c="dimmed" inherit>(MIN {min})</Text>
      </Text>
      <Group justify="space-between">
        <TextInput
          placeholder="Search by MIN, description or manufacturer"
          aria-label="Search similar items"
          value={search}
          onChange={(e) => matches.send({ type: 'matches.searchChanged', search: e.currentTarget.value })}
          style={{ flex: 1, maxWidth: 480 }}
        />
        <Button onClick={() => feedback.send({ type: 'feedback.opened', mode: 'recommendation', min })}>+ Recommend Similar Item</Button>
      </Group>
      <SimilarItemsResult status={status} matches={shown} onRetry={() => matches.send({ type: 'matches.retry' })} onFeedback={giveFeedback} />
      <FeedbackDialog actor={feedback} />
    </Stack>
  );
}
