import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useFocusBack } from '../common/use-focus-back.ts';

type Props = {
  what?: string; title?: string; text?: string;
  /** A delete that failed: said here, and the button retries. */
  error?: string | null; busy?: boolean;
  onCancel: () => void; onConfirm: () => void;
};

/** Delete asks first (an invoice, a line read from it); the page's machine deletes (the detail page then goes back to the list). */
export function ConfirmDelete({ what = 'this invoice', title = 'Delete Invoice', text = `Delete ${what} and its images?`, error = null, busy = false, onCancel, onConfirm }: Props) {
  useFocusBack();
  return (
    <Modal opened onClose={onCancel} title={title}>
      <Text>{text}</Text>
      {error && <Alert color="red" mt="sm">{error}</Alert>}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button color="red" loading={busy} onClick={onConfirm}>{error ? 'Retry' : 'Delete'}</Button>
      </Group>
    </Modal>
  );
}
