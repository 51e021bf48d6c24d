import '@mantine/dates/styles.css';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { insightsMachine } from '../../machines/insights/insights.ts';
import { selectHeaderView, WINBACK_URL } from '../../machines/insights/selectors.ts';
import { MessageModal } from '../common/message-modal.tsx';
import { RangeInput } from '../common/range-input.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';

/** The section's actor, as the screens under it get it. */
export type InsightsSectionRef = ActorRefFrom<typeof insightsMachine>;

/**
 * The competitive-insights section: one actor for its pages (the app's root runs it, kept), so the
 * range and the last page survive moving between them; it redirects /competitiveinsights itself.
 */
export function InsightsPage() {
  return <OwnedPage page="insights">{(section) => <InsightsSection section={section} />}</OwnedPage>;
}

function InsightsSection({ section }: { section: InsightsSectionRef }) {
  const view = useSelector(section, selectHeaderView);
  return (
    <>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={1} size="h2">
            Competitive Insights
          </Title>
          <Group gap="sm" align="flex-end" wrap="wrap">
            {view.showWinBackLink && (
              <Button component={Link} to={WINBACK_URL} variant="light">
                Win-back list
              </Button>
            )}
            <RangeInput range={view.range} onChange={(r) => section.send({ type: 'insights.rangeChanged', range: r })} />
          </Group>
        </Group>
        <Outlet />
      </Stack>
      <MessageModal opened={view.dialog !== null} message={view.dialog ?? ''} action="OK" onAction={() => section.send({ type: 'insights.dialogClosed' })} />
    </>
  );
}

/** A screen of the section, given the section's actor. */
export function WithSection({ children }: { children: (section: InsightsSectionRef) => ReactNode }) {
  return <OwnedPage page="insights">{children}</OwnedPage>;
}
