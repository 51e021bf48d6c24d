import { Alert, Button, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { moreAnnouncementsLabel, selectAnnouncementBanners } from '../../machines/dashboard/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';

/** The announcements as dismissible banners; on a phone the first one and a line offering the others. */
export function AnnouncementBanners() {
  const actor = DashboardActor.useActorRef();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { shown, more } = DashboardActor.useSelector(selectAnnouncementBanners(phone));
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" aria-label="Announcements" role="region">
      {shown.map((a) => (
        <Alert
          key={a.id}
          color="blue"
          variant="light"
          py={phone ? 'xs' : undefined}
          icon={<IconSpeakerphone size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss announcement"
          onClose={() => actor.send({ type: 'dashboard.announcementDismissed', id: a.id })}
        >
          {a.text}
        </Alert>
      ))}
      {more > 0 && (
        <Button variant="subtle" size="compact-sm" color="blue" style={{ alignSelf: 'flex-start' }} onClick={() => actor.send({ type: 'dashboard.announcementsExpanded' })}>
          {moreAnnouncementsLabel(more)}
        </Button>
      )}
    </Stack>
  );
}
