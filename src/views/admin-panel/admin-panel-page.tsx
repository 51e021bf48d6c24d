import { Button, Container, Paper, Stack, Tabs, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { adminPanelPageMachine } from '../../machines/admin-panel/admin-panel.ts';
import { sameView, selectAdminPanelView, selectTestingFlagView } from '../../machines/admin-panel/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { AnnouncementsModal } from './announcements-modal.tsx';
import { AuditLogSection } from './audit-log-section.tsx';
import { UserEditor } from './user-editor.tsx';

/** /admin-panel (spec §2.9): the 400 px column of actions and the user editor, and the audit log. */
export function AdminPanelPage() {
  return <OwnedPage page="adminPanel">{(page) => <AdminPanelScreen page={page} />}</OwnedPage>;
}

function AdminPanelScreen({ page }: { page: ActorRefFrom<typeof adminPanelPageMachine> }) {
  const { tab, announcements, testing, user, audit } = useSelector(page, selectAdminPanelView, sameView);
  const testingFlag = useSelector(testing, selectTestingFlagView, sameView);
  return (
    <Container size="lg" py="md">
      <Title order={1} mb="md">Admin Panel</Title>
      <Tabs value={tab} onChange={(v) => page.send({ type: v === 'audit' ? 'adminPanel.auditShown' : 'adminPanel.panelShown' })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="panel">Panel</Tabs.Tab>
          <Tabs.Tab value="audit">Audit Log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="panel">
          <Stack gap="md" maw={400}>
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Button onClick={() => announcements.send({ type: 'announcements.opened' })}>Edit Announcements</Button>
                <Button variant={testingFlag.on ? 'filled' : 'default'} color={testingFlag.on ? 'orange' : undefined} aria-pressed={testingFlag.on}
                  onClick={() => testing.send({ type: 'testing.toggled' })}>
                  {testingFlag.label}
                </Button>
                <Button component={Link} to="/admin-panel/api" variant="default">API Reference</Button>
                <Button component={Link} to="/admin-login" variant="default">Back To Login</Button>
                <Button component={Link} to="/logout" variant="default">Log Out</Button>
              </Stack>
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">Edit a user</Title>
              {user && <UserEditor actor={user} />}
            </Paper>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          {audit && <AuditLogSection actor={audit} />}
        </Tabs.Panel>
      </Tabs>
      <AnnouncementsModal actor={announcements} />
    </Container>
  );
}
