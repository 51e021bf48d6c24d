import { Button, Modal, Stack, Text } from '@mantine/core';

/** A modal that only says something happened, with one button; the message is also its name. */
export function MessageModal({ opened, message, action, onAction }: { opened: boolean; message: string; action: string; onAction: () => void }) {
  return (
    <Modal.Root opened={opened} onClose={onAction} centered>
      <Modal.Overlay />
      <Modal.Content aria-label={message}>
        <Modal.Body>
          <Stack align="center" gap="md" py="md">
            <Text fw={600} size="lg" role="status">
              {message}
            </Text>
            <Button onClick={onAction} fullWidth>
              {action}
            </Button>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
