import '@mantine/dates/styles.css';
import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { intelMachine } from '../../machines/intel/intel.ts';
import type { IntelView } from '../../model/intel-rules.ts';
import { AuthActor } from '../../app-actor.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { IntelLoadingFrame, IntelViewLoading } from './intel-loading-frame.tsx';
import { sameView, selectChoosesHouse } from '../../machines/shell/selectors.ts';
import { HouseInput } from '../common/house-input.tsx';
import { RangeInput } from '../common/range-input.tsx';
import { progressText, selectDialog, selectIntelHeaderView, selectLoadProgressView } from '../../machines/intel/selectors.ts';

export type IntelRef = ActorRefFrom<typeof intelMachine>;

/**
 * The Intel section: one machine for all its pages (the app's root runs it, and keeps it for the
 * session), so batches load once and survive switching views. Its pages reach it the same way.
 */
export function IntelPage() {
  return (
    <OwnedPage page="intel" loading={<IntelLoadingFrame />}>
      {(page) => <IntelLayout page={page} />}
    </OwnedPage>
  );
}

function IntelLayout({ page }: { page: IntelRef }) {
  const showHouse = AuthActor.useSelector(selectChoosesHouse);
  return (
    <>
      <Stack gap="md">
        <IntelHeader page={page} showHouse={showHouse} />
        {/* The header (and its progress line) stays while a view's code loads. */}
        <Suspense fallback={<IntelViewLoading />}>
          <Outlet />
        </Suspense>
      </Stack>
      <IntelDialog page={page} />
    </>
  );
}

const VIEWS: { value: IntelView; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'graph', label: 'Graph' },
  { value: 'linechart', label: 'Line Chart' },
];

function IntelHeader({ page, showHouse }: { page: IntelRef; showHouse: boolean }) {
  const { range, houses, active, switching, view } = useSelector(page, selectIntelHeaderView, sameView);
  const navigate = useNavigate();
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Intel
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {showHouse && (
            <HouseInput
              houses={houses}
              activeId={active?.id ?? null}
              disabled={switching}
              onSelect={(distributorId) => page.send({ type: 'intel.distributorSelected', distributorId })}
            />
          )}
          <RangeInput range={range} onChange={(r) => page.send({ type: 'intel.rangeChanged', range: r })} />
        </Group>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {view ? (
          <SegmentedControl value={view} onChange={(v) => navigate(`/intel/${v}`)} data={VIEWS} aria-label="Intel view" />
        ) : (
          <span />
        )}
        <LoadProgress page={page} />
      </Group>
    </Stack>
  );
}

/** Spec §4: '{n}/{total} Merchants Loaded' while batches load; a failed batch offers Retry. */
function LoadProgress({ page }: { page: IntelRef }) {
  const { loading, loaded, total, failed } = useSelector(page, selectLoadProgressView, sameView);
  if (failed > 0 && !loading)
    return (
      <Alert color="orange" py={4} data-testid="intel-failed">
        <Group gap="sm">
          <Text size="sm">Some merchants could not be loaded.</Text>
          <Button size="compact-sm" onClick={() => page.send({ type: 'intel.retry' })}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  if (!loading) return null;
  return (
    <Group gap="xs" data-testid="intel-progress">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {total > 0 ? progressText(loaded, total) : 'Loading merchants…'}
      </Text>
    </Group>
  );
}

function IntelDialog({ page }: { page: IntelRef }) {
  const message = useSelector(page, selectDialog);
  const close = () => page.send({ type: 'intel.dialogClosed' });
  return (
    <Modal opened={message !== null} onClose={close} title="Intel" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>OK</Button>
      </Group>
    </Modal>
  );
}
