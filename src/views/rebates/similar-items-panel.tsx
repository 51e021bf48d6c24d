import { Anchor, Drawer, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { rebatesScreenMachine } from '../../machines/rebates/rebates-screen.ts';
import { selectSimilarPanelMatchesView, selectSimilarPanelView } from '../../machines/rebates/selectors.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import { similarItemsPath } from './rebate-cells.tsx';
import { SimilarItemsResult } from './similar-items-result.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** Similar items of one list row, sliding in from the right; the full page is one click away. */
export function SimilarItemsPanel({ page }: { page: ActorRefFrom<typeof rebatesScreenMachine> }) {
  const { matches, row } = useSelector(page, selectSimilarPanelView, sameView);
  const { status, shown } = useSelector(matches, selectSimilarPanelMatchesView, sameView);
  return (
    <Drawer opened={row !== null} onClose={() => page.send({ type: 'rebatesScreen.similarClosed' })} position="right" size="xl" title={<Text fw={700}>Similar Items</Text>}>
      {row && (
        <Stack gap="sm">
          <Text size="sm">
            {formatDescription(row.description)} · MIN {row.min} · {row.manufacturer}
          </Text>
          <Anchor component={Link} to={similarItemsPath(row)} size="sm">
            Open the Similar Items page
          </Anchor>
          <SimilarItemsResult status={status} matches={shown} onRetry={() => matches.send({ type: 'matches.retry' })} />
        </Stack>
      )}
    </Drawer>
  );
}
