import { Badge, Box, Button, Group, Notification, Stack, Text } from '@mantine/core';
import type { Notice } from '../../model/notices.ts';
import { sameView, selectNoticesView } from '../../machines/shell/selectors.ts';
import { NoticesActor } from '../../app-actor.ts';

const COLOR: Record<Notice['kind'], string> = { info: 'blue', success: 'teal', error: 'red', update: 'orange' };

/** The app-wide notices of the notices machine (spec §4): at most 4 shown, a count badge beyond that. */
export function NoticesArea() {
  const notices = NoticesActor.useActorRef();
  const { shown, badge } = NoticesActor.useSelector(selectNoticesView, sameView);
  if (shown.length === 0) return null;

  return (
    <Box pos="fixed" bottom={16} right={16} w="min(380px, calc(100vw - 32px))" style={{ zIndex: 400 }}>
      <Stack gap="xs" aria-label="Notices" role="region">
        {badge !== null && (
          <Group justify="flex-end">
            <Badge color="gray" aria-label={`${badge} notifications`}>
              {badge}
            </Badge>
          </Group>
        )}
        {shown.map((notice) => (
          <Notification
            key={notice.id}
            title={notice.title}
            color={COLOR[notice.kind]}
            role={notice.kind === 'update' || notice.kind === 'error' ? 'alert' : 'status'}
            withBorder
            closeButtonProps={{ 'aria-label': `Dismiss ${notice.title}` }}
            onClose={() => notices.send({ type: 'notices.dismissed', id: notice.id })}
          >
            <Text size="sm">{notice.message}</Text>
            {notice.kind === 'update' && (
              <Button size="xs" mt="xs" onClick={() => window.location.reload()}>
                Refresh
              </Button>
            )}
          </Notification>
        ))}
      </Stack>
    </Box>
  );
}
