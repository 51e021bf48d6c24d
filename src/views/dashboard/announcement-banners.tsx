import { Alert, Stack } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { selectAnnouncements } from '../../machines/dashboard/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';

export function AnnouncementBanners() {
  const actor = DashboardActor.useActorRef();
  const announcements = DashboardActor.useSelector(selectAnnouncements);
  if (announcements.length === 0) return null;
  return (
    <Stack gap="xs">
      {announcements.map((a) => (
        <Alert
          key={a.id}
          color="blue"
          variant="light"
          icon={<IconSpeakerphone size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss announcement"
          onClose={() => actor.send({ type: 'dashboard.announcementDismissed', id: a.id })}
        >
          {a.text}
        </Alert>
      ))}
    </Stack>
  );
}
