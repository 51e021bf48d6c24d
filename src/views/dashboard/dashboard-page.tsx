import '@mantine/dates/styles.css';
import { Button, Grid, Group, Modal, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { selectLoadSpeedTest, selectMonthlyVolumeOn } from '../../machines/dashboard/selectors.ts';
import { selectActsAsInternalAdmin, selectChoosesHouse, selectUser, selectViewsAs } from '../../machines/shell/selectors.ts';
import type { SessionUser } from '../../model/session-user.ts';
import { AuthActor } from '../shell/actor-contexts.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { AnnouncementBanners } from './announcement-banners.tsx';
import { DashboardActor } from './dashboard-actor.ts';
import { DashboardDialog } from './dashboard-dialog.tsx';
import { HouseSelect, LocationSelect, RangePicker, ViewAsSelect } from './dashboard-filters.tsx';
import { LostCategoriesCard } from './lost-categories-card.tsx';
import { LostItemsCard } from './lost-items-card.tsx';
import { LostVolumeCard } from './lost-volume-card.tsx';
import { OverallStatsCard } from './overall-stats-card.tsx';
import { VolumeByMonthCard } from './volume-by-month-card.tsx';

// Only an admin acting as the user can have the testing flag on: loaded for them alone.
const LoadSpeedPanel = lazy(() => import('../admin-panel/load-speed-test-view.tsx').then((m) => ({ default: m.LoadSpeedPanel })));


export function DashboardPage() {
  const user = AuthActor.useSelector(selectUser);
  if (!user) return null;
  return (
    <OwnedPage page="dashboard">
      {(page) => (
        <DashboardActor.Provider value={page}>
          <DashboardScreen user={user} />
        </DashboardActor.Provider>
      )}
    </OwnedPage>
  );
}

function Filters(_: { user: SessionUser }) {
  const choosesHouse = AuthActor.useSelector(selectChoosesHouse);
  const viewsAs = AuthActor.useSelector(selectViewsAs);
  return (
    <>
      {choosesHouse && <HouseSelect />}
      {viewsAs && <ViewAsSelect />}
      <LocationSelect />
      <RangePicker />
    </>
  );
}

function DashboardScreen({ user }: { user: SessionUser }) {
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [filtersOpen, filters] = useDisclosure(false);
  const monthlyOn = DashboardActor.useSelector(selectMonthlyVolumeOn);
  // Internal admins, also while they act as this user (spec §6 exports).
  const canExport = AuthActor.useSelector(selectActsAsInternalAdmin);
  // The dashboard runs the load-speed test only when an internal admin entered the user's session.
  const loadSpeed = DashboardActor.useSelector(selectLoadSpeedTest);
  return (
    <Stack gap="md">
      <AnnouncementBanners />
      {loadSpeed && (
        <Suspense fallback={null}>
          <LoadSpeedPanel test={loadSpeed} />
        </Suspense>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        {isMobile ? (
          <Button variant="default" leftSection={<IconFilter size={16} />} onClick={filters.open}>
            Filters
          </Button>
        ) : (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Filters user={user} />
          </Group>
        )}
      </Group>
      <Modal opened={isMobile && filtersOpen} onClose={filters.close} title="Filters">
        <Stack gap="sm">
          <Filters user={user} />
          <Button onClick={filters.close}>Done</Button>
        </Stack>
      </Modal>
      <OverallStatsCard />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LostCategoriesCard canExport={canExport} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LostItemsCard canExport={canExport} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: monthlyOn ? 6 : 12 }}>
          <LostVolumeCard canExport={canExport} />
        </Grid.Col>
        {monthlyOn && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <VolumeByMonthCard canExport={canExport} />
          </Grid.Col>
        )}
      </Grid>
      <DashboardDialog />
    </Stack>
  );
}
