import { Anchor, Box, Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { businessPanelPageMachine } from '../../machines/business-panel/business-panel.ts';
import { selectBusinessPanelView } from '../../machines/business-panel/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { ChecksDataSection } from './checks-data-section.tsx';
import { SalesRepsSection } from './sales-reps-section.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** /business-panel (accounts spec §2.10, §9: an 800 px column); internal admins only (RouteGate, and the server). */
export function BusinessPanelPage() {
  return <OwnedPage page="businessPanel">{(page) => <BusinessPanelScreen page={page} />}</OwnedPage>;
}

function BusinessPanelScreen({ page }: { page: ActorRefFrom<typeof businessPanelPageMachine> }) {
  const { checksData, salesReps } = useSelector(page, selectBusinessPanelView, sameView);
  return (
    <Box maw={800} mx="auto" px="md" py="xl" component="main">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin-login" size="sm">
          Back to admin login
        </Anchor>
        <Title order={1} size="h2">
          Platform Distributor Portal Business Panel
        </Title>
        <ChecksDataSection actor={checksData} />
        <SalesRepsSection actor={salesReps} />
      </Stack>
    </Box>
  );
}
