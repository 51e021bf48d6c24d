import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import type { ItemMatch } from '../../model/match.ts';
import { SimilarItemsTable } from './similar-items-table.tsx';

export const NO_MATCHES_MESSAGE = 'There are no similar items for this item';
export const MATCHES_FAILED_MESSAGE = "Couldn't load item matches";

export type MatchStatus = 'idle' | 'loading' | 'complete' | 'failed';

/** The item-match machine's state as the page and the side panel both show it. */
export function SimilarItemsResult({
  status,
  matches,
  onRetry,
  onFeedback,
}: {
  status: MatchStatus;
  matches: ItemMatch[];
  onRetry: () => void;
  onFeedback?: (m: ItemMatch) => void;
}) {
  if (status === 'loading' || status === 'idle') {
    return (
      <Group justify="center" p="md">
        <Loader size="sm" />
      </Group>
    );
  }
  if (status === 'failed') {
    return (
      <Alert color="red">
        <Group justify="space-between">
          {MATCHES_FAILED_MESSAGE}
          <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (matches.length === 0) {
    return (
      <Text c="dimmed" ta="center" p="md">
        {NO_MATCHES_MESSAGE}
      </Text>
    );
  }
  return <SimilarItemsTable matches={matches} onFeedback={onFeedback} />;
}
