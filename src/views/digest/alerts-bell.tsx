import { ActionIcon, Anchor, Divider, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { alertsMachine } from '../../machines/digest/alerts.ts';
import { selectAlertsBellView } from '../../machines/digest/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** The header's bell (docs/digest.md): the digest's items since the last visit; opening marks them read. */
export function AlertsBell() {
  return <OwnedPage page="alerts" quiet>{(actor) => <Bell actor={actor} />}</OwnedPage>;
}

function Bell({ actor }: { actor: ActorRefFrom<typeof alertsMachine> }) {
  const { bell, groups } = useSelector(actor, selectAlertsBellView, sameView);
  const close = () => actor.send({ type: 'alerts.closed' });
  return (
    // The count sits outside the popover, so its target is the button itself (aria-expanded belongs there).
    <Indicator label={bell.unread} size={16} disabled={bell.unread === 0} color="red" offset={4}>
    <Popover position="bottom-end" withArrow shadow="md" width={360} opened={bell.open}
      onChange={(opened) => actor.send({ type: opened ? 'alerts.opened' : 'alerts.closed' })}>
      <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={bell.unread > 0 ? `Alerts, ${bell.unread} new` : 'Alerts'}
            onClick={() => actor.send({ type: bell.open ? 'alerts.closed' : 'alerts.opened' })}>
            <IconBell size={20} />
          </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Alerts" role="dialog">
        <ScrollArea.Autosize mah={420}>
          {groups.length === 0 && <Text size="sm" c="dimmed">Nothing new since your last visit.</Text>}
          <Stack gap="xs">
            {groups.map((g, i) => (
              <div key={g.section}>
                {i > 0 && <Divider mb="xs" />}
                <Text size="sm" fw={600} mb={4}>{g.title}</Text>
                <Stack gap={4}>
                  {g.items.map((item) => (
                    <Anchor key={item.key} component={Link} to={item.href} size="sm" onClick={close}>
                      {item.text}
                    </Anchor>
                  ))}
                </Stack>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
    </Indicator>
  );
}
