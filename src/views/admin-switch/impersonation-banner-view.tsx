import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSwitchHorizontal, IconUserShield } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import type { ActorRefFrom } from 'xstate';
import type { impersonationBannerMachine } from '../../machines/admin-switch/impersonation-banner.ts';
import { selectBannerView } from '../../machines/admin-switch/selectors.ts';
import { AuthActor } from '../shell/actor-contexts.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** Shown on every screen while an internal admin acts as the user (docs/admin-tools.md). */
export function ImpersonationBanner() {
  return <OwnedPage page="impersonationBanner" quiet>{(banner) => <Banner banner={banner} />}</OwnedPage>;
}

function Banner({ banner }: { banner: ActorRefFrom<typeof impersonationBannerMachine> }) {
  const auth = AuthActor.useActorRef();
  const { status, left } = useSelector(banner, selectBannerView, sameView);
  if (!status?.active || left === null) return null;
  return (
    <Alert color="indigo.9" variant="filled" radius={0} p="xs" role="status" aria-label="Impersonation" data-testid="impersonation-banner">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <IconUserShield size={18} aria-hidden />
          <Text size="sm" c="white">
            {status.adminName} is logged in as <b>{status.userName}</b> ({status.userEmail}) since {dayjs(status.since).format('h:mm A')}
            {left === '0:00' ? ': the session has ended.' : `, ${left} left.`}
          </Text>
        </Group>
        <Button size="compact-sm" variant="white" color="dark" leftSection={<IconSwitchHorizontal size={14} />} onClick={() => auth.send({ type: 'auth.switchBack' })}>
          Switch User
        </Button>
      </Group>
    </Alert>
  );
}
