import { Anchor, Box, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ChecksDataSection } from './checks-data-section.tsx';
import { SalesRepsSection } from './sales-reps-section.tsx';

/** /business-panel (accounts spec §2.10, §9: an 800 px column); internal admins only (RouteGate, and the server). */
export function BusinessPanelPage() {
  return (
    <Box maw={800} mx="auto" px="md" py="xl" component="main">
      <Stack gap="lg">
        <Anchor component={Link} to="/admin-login" size="sm">
          Back to admin login
        </Anchor>
        <Title order={1} size="h2">
          Platform Distributor Portal Business Panel
        </Title>
        <ChecksDataSection />
        <SalesRepsSection />
      </Stack>
    </Box>
  );
}
