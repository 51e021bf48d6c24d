import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface FailureDialogProps {
  title: string;
  message: string;
  onClose: () => void;
}

/** A failure said in a dialog with one OK button. Loaded on demand by failure-dialog.tsx. */
export default function FailureDialogModal({ title, message, onClose }: FailureDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack>
        <Text role="alert">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
