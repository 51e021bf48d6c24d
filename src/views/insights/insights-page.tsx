import '@mantine/dates/styles.css';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';

import { MessageModal } from '../common/message-modal.tsx';
import { RangeInput } from '../common/range-input.tsx';
import { selectDialog, selectLastUrl, selectRange, WINBACK_URL } from '../../machines/insights/selectors.ts';
import { selectLastPage } from '../../machines/session/selectors.ts';
import { useSessionOnOpen } from '../shell/actor-contexts.ts';
import { InsightsActor } from './insights-actor.ts';

/** The competitive-insights section: one actor for its pages, so the range and the last page survive moving between them. */
export function InsightsPage() {
  const lastUrl = useSessionOnOpen(selectLastPage('insights'));
  return (
    <InsightsActor.Provider options={{ input: { lastUrl } }}>
      <Stack gap="md">
        <InsightsHeader />
        <Outlet />
      </Stack>
      <RangeDialog />
    </InsightsActor.Provider>
  );
}

function InsightsHeader() {
  const actor = InsightsActor.useActorRef();
  const range = InsightsActor.useSelector(selectRange);
  const { pathname } = useLocation();
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        Competitive Insights
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {pathname !== WINBACK_URL && (
          <Button component={Link} to={WINBACK_URL} variant="light">
            Win-back list
          </Button>
        )}
        <RangeInput range={range} onChange={(r) => actor.send({ type: 'insights.rangeChanged', range: r })} />
      </Group>
    </Group>
  );
}

function RangeDialog() {
  const actor = InsightsActor.useActorRef();
  const message = InsightsActor.useSelector(selectDialog);
  return <MessageModal opened={message !== null} message={message ?? ''} action="OK" onAction={() => actor.send({ type: 'insights.dialogClosed' })} />;
}

/**
 * /competitiveinsights: the last page viewed (spec §2), the merchants list at first. The
 * dashboard's lost category or item (?category= / ?item=) always opens the filtered list.
 */
export function LastInsightsPage() {
  const lastUrl = InsightsActor.useSelector(selectLastUrl);
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  if (params.has('category') || params.has('item')) return <Navigate to={`/competitiveinsights/merchants${search}`} replace />;
  return <Navigate to={lastUrl} replace />;
}
