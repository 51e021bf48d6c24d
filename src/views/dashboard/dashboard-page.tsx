import '@mantine/dates/styles.css';
import { Button, Grid, Group, Modal, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { selectDashboardScreenView } from '../../machines/dashboard/selectors.ts';
import { sameView, selectDashboardRightsView } from '../../machines/shell/selectors.ts';
import { AuthActor } from '../../app-actor.ts';
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


type Rights = ReturnType<typeof selectDashboardRightsView>;

export function DashboardPage() {
  const rights = AuthActor.useSelector(selectDashboardRightsView, sameView);
  if (!rights.signedIn) return null;
  return (
    <OwnedPage page="dashboard">
      {(page) => (
        <DashboardActor.Provider value={page}>
          <DashboardScreen rights={rights} />
        </DashboardActor.Provider>
      )}
    </OwnedPage>
  );
}

function Filters({ rights: { choosesHouse, viewsAs } }: { rights: Rights }) {
  return (
    <>
      {choosesHouse && <HouseSelect />}
      {viewsAs && <ViewAsSelect />}
      <LocationSelect />
      <RangePicker />
    </>
  );
}

function DashboardScreen({ rights }: { rights: Rights }) {
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [filtersOpen, filters] = useDisclosure(false);
  // The load-speed test runs only when an internal admin entered the user's session.
  const { monthlyOn, loadSpeed } = DashboardActor.useSelector(selectDashboardScreenView, sameView);
  // Internal admins, also while they act as this user (spec §6 exports).
  const { canExport } = rights;
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
            <Filters rights={rights} />
          </Group>
        )}
      </Group>
      <Modal opened={isMobile && filtersOpen} onClose={filters.close} title="Filters">
        <Stack gap="sm">
          <Filters rights={rights} />
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
