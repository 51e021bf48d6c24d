import { Alert, Anchor, Button, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { itemMatchMachine } from '../machines/item-match.ts';
import { formatDescription } from '../model/rebate-format.ts';
import type { RebateRow } from '../model/rebates.ts';
import { similarItemsPath } from './rebate-cells.tsx';
import { SimilarItemsTable } from './similar-items-table.tsx';
import { MATCHES_FAILED_MESSAGE, NO_MATCHES_MESSAGE } from './similar-items-page.tsx';

/** Similar items of one list row, sliding in from the right; the full page is one click away. */
export function SimilarItemsPanel({ row, actor, onClose }: { row: RebateRow | null; actor: ActorRefFrom<typeof itemMatchMachine>; onClose: () => void }) {
  const status = useSelector(actor, (s) => s.value as 'idle' | 'loading' | 'complete' | 'failed');
  const matches = useSelector(actor, (s) => s.context.matches);
  return (
    <Drawer opened={row !== null} onClose={onClose} position="right" size="xl" title={<Text fw={700}>Similar Items</Text>}>
      {row && (
        <Stack gap="sm">
          <Text size="sm">
            {formatDescription(row.description)} · MIN {row.min} · {row.manufacturer}
          </Text>
          <Anchor component={Link} to={similarItemsPath(row)} size="sm">
            Open the Similar Items page
          </Anchor>
          {status === 'loading' || status === 'idle' ? (
            <Group justify="center" p="md"><Loader size="sm" /></Group>
          ) : status === 'failed' ? (
            <Alert color="red">
              <Group justify="space-between">
                {MATCHES_FAILED_MESSAGE}
                <Button size="compact-sm" variant="light" color="red" onClick={() => actor.send({ type: 'matches.retry' })}>Try again</Button>
              </Group>
            </Alert>
          ) : matches.length === 0 ? (
            <Text c="dimmed">{NO_MATCHES_MESSAGE}</Text>
          ) : (
            <SimilarItemsTable matches={matches} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
