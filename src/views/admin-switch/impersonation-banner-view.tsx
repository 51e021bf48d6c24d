import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSwitchHorizontal, IconUserShield } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { impersonationBannerMachine } from '../../machines/admin-switch/impersonation-banner.ts';
import { sameView, selectBannerView } from '../../machines/admin-switch/selectors.ts';
import { AuthActor } from '../../app-actor.ts';
import { OwnedPage } from '../shell/owned-page.tsx';

/** Shown on every screen while an internal admin acts as the user (docs/admin-tools.md). */
export function ImpersonationBanner() {
  return <OwnedPage page="impersonationBanner" quiet>{(banner) => <Banner banner={banner} />}</OwnedPage>;
}

function Banner({ banner }: { banner: ActorRefFrom<typeof impersonationBannerMachine> }) {
  const auth = AuthActor.useActorRef();
  const view = useSelector(banner, selectBannerView, sameView);
  if (!view) return null;
  return (
    <Alert color="indigo.9" variant="filled" radius={0} p="xs" role="status" aria-label="Impersonation" data-testid="impersonation-banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconUserShield size={18} aria-hidden />
          <Text size="sm" c="white">
            {view.adminName} is logged in as <b>{view.userName}</b> ({view.userEmail}) since {view.since}
            {view.left}
          </Text>
        </Group>
        <Button size="compact-sm" variant="white" color="dark" leftSection={<IconSwitchHorizontal size={14} />} onClick={() => auth.send({ type: 'auth.switchBack' })}>
          Switch User
        </Button>
      </Group>
    </Alert>
  );
}
