import { Button, Group, Modal, Text } from '@mantine/core';
import { selectDialog } from '../../machines/dashboard/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';

/** The error catalogue's dialogs (analytics spec §8). */
export function DashboardDialog() {
  const actor = DashboardActor.useActorRef();
  const message = DashboardActor.useSelector(selectDialog);
  const close = () => actor.send({ type: 'dashboard.dialogClosed' });
  return (
    <Modal opened={message !== null} onClose={close} title="Dashboard" centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>OK</Button>
      </Group>
    </Modal>
  );
}
