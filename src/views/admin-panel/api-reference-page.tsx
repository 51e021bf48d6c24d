import { Alert, Anchor, Button, Center, Container, Group, Loader, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { apiReferenceMachine } from '../../machines/admin-panel/api-reference.ts';
import { sameView, selectApiReferenceView } from '../../machines/admin-panel/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';

/** /admin-panel/api (docs/api.md): the generated API reference for internal admins, and its OpenAPI document. */
export function ApiReferencePage() {
  return <OwnedPage page="apiReference">{(page) => <ApiReferenceScreen actor={page} />}</OwnedPage>;
}

function ApiReferenceScreen({ actor }: { actor: ActorRefFrom<typeof apiReferenceMachine> }) {
  const view = useSelector(actor, selectApiReferenceView, sameView);
  return (
    <Container size="lg" py="md">
      <Group justify="space-between" mb="md">
        <Title order={1}>API Reference</Title>
        <Group gap="md">
          <Button leftSection={<IconDownload size={16} />} loading={view.downloading} disabled={!view.mayDownload}
            onClick={() => actor.send({ type: 'apiReference.downloadRequested' })}>
            Download OpenAPI document
          </Button>
          <Anchor component={Link} to="/admin-login" size="sm">Back To Login</Anchor>
        </Group>
      </Group>
      {view.downloadError && <Alert color="red" role="alert" mb="md">{view.downloadError}</Alert>}
      {view.loading && (
        <Center py="xl">
          <Loader aria-label="Loading the API reference" />
        </Center>
      )}
      {view.error && (
        <Alert color="red" role="alert">
          {view.error}
          <Button ml="sm" size="compact-sm" variant="default" onClick={() => actor.send({ type: 'apiReference.retried' })}>Retry</Button>
        </Alert>
      )}
      {view.html !== null && (
        // The server's page, drawn from the OpenAPI document: no script runs in it, nor may it reach the portal.
        <iframe title="API reference" srcDoc={view.html} sandbox=""
          style={{ display: 'block', width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-3)' }} />
      )}
    </Container>
  );
}
