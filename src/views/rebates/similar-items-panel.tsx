import { Anchor, Drawer, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { itemMatchMachine } from '../../machines/rebates/item-match.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import type { RebateRow } from '../../model/rebates.ts';
import { similarItemsPath } from './rebate-cells.tsx';
import { SimilarItemsResult, type MatchStatus } from './similar-items-result.tsx';

/** Similar items of one list row, sliding in from the right; the full page is one click away. */
export function SimilarItemsPanel({ row, actor, onClose }: { row: RebateRow | null; actor: ActorRefFrom<typeof itemMatchMachine>; onClose: () => void }) {
  const status = useSelector(actor, (s) => s.value as MatchStatus);
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
          <SimilarItemsResult status={status} matches={matches} onRetry={() => actor.send({ type: 'matches.retry' })} />
        </Stack>
      )}
    </Drawer>
  );
}
