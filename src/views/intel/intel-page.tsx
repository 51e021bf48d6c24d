import '@mantine/dates/styles.css';
import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { IntelView } from '../../model/intel-rules.ts';
import { selectLastPage } from '../../machines/session/selectors.ts';
import { AuthActor, JoinAppSystem, useSessionOnOpen } from '../shell/actor-contexts.ts';
import { selectChoosesHouse, selectUser } from '../../machines/shell/selectors.ts';
import { HouseInput } from '../common/house-input.tsx';
import { RangeInput } from '../common/range-input.tsx';
import {
  progressText, selectActiveDistributor, selectDialog, selectFailedCount, selectHouses, selectLastUrl, selectLoading, selectProgress, selectRange, selectSwitching,
} from '../../machines/intel/selectors.ts';
import { IntelActor } from './intel-actor.ts';

/** The Intel section: one machine for all its pages, so batches load once and survive switching views. */
export function IntelPage() {
  const user = AuthActor.useSelector(selectUser);
  const showHouse = AuthActor.useSelector(selectChoosesHouse);
  const lastUrl = useSessionOnOpen(selectLastPage('intel'));
  if (!user) return null;
  return (
    <IntelActor.Provider options={{ input: { activeDistributor: user.activeDistributor, lastUrl } }}>
      {/* The session follows a new house (header, storage for a reload). */}
      <JoinAppSystem actor={IntelActor} />
      <Stack gap="md">
        <IntelHeader showHouse={showHouse} />
        <Outlet />
      </Stack>
      <IntelDialog />
    </IntelActor.Provider>
  );
}

const VIEWS: { value: IntelView; label: string }[] = [
  { value: 'list', label: 'List' },
  { value: 'graph', label: 'Graph' },
  { value: 'linechart', label: 'Line Chart' },
];

function IntelHeader({ showHouse }: { showHouse: boolean }) {
  const actor = IntelActor.useActorRef();
  const range = IntelActor.useSelector(selectRange);
  const houses = IntelActor.useSelector(selectHouses);
  const active = IntelActor.useSelector(selectActiveDistributor);
  const switching = IntelActor.useSelector(selectSwitching);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = VIEWS.find((v) => pathname === `/intel/${v.value}`)?.value;
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
              onSelect={(distributorId) => actor.send({ type: 'intel.distributorSelected', distributorId })}
            />
          )}
          <RangeInput range={range} onChange={(r) => actor.send({ type: 'intel.rangeChanged', range: r })} />
        </Group>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {view ? (
          <SegmentedControl value={view} onChange={(v) => navigate(`/intel/${v}`)} data={VIEWS} aria-label="Intel view" />
        ) : (
          <span />
        )}
        <LoadProgress />
      </Group>
    </Stack>
  );
}

/** Spec §4: '{n}/{total} Merchants Loaded' while batches load; a failed batch offers Retry. */
function LoadProgress() {
  const actor = IntelActor.useActorRef();
  const loading = IntelActor.useSelector(selectLoading);
  const { loaded, total } = IntelActor.useSelector(selectProgress, (a, b) => a.loaded === b.loaded && a.total === b.total);
  const failed = IntelActor.useSelector(selectFailedCount);
  if (failed > 0 && !loading)
    return (
      <Alert color="orange" py={4} data-testid="intel-failed">
        <Group gap="sm">
          <Text size="sm">Some merchants could not be loaded.</Text>
          <Button size="compact-sm" onClick={() => actor.send({ type: 'intel.retry' })}>
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

function IntelDialog() {
  const actor = IntelActor.useActorRef();
  const message = IntelActor.useSelector(selectDialog);
  const close = () => actor.send({ type: 'intel.dialogClosed' });
  return (
    <Modal opened={message !== null} onClose={close} title="Intel" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>OK</Button>
      </Group>
    </Modal>
  );
}

/** /intel: back to the last intel page viewed (spec §2), the list at first. */
export function LastIntelPage() {
  const lastUrl = IntelActor.useSelector(selectLastUrl);
  return <Navigate to={lastUrl} replace />;
}
