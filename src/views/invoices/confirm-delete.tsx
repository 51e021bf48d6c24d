import { Button, Group, Modal, Text } from '@mantine/core';
import { useFocusBack } from '../common/use-focus-back.ts';

/** Delete Invoice asks first; the page's machine deletes it (the detail page then goes back to the list). */
export function ConfirmDelete({ what = 'this invoice', onCancel, onConfirm }: { what?: string; onCancel: () => void; onConfirm: () => void }) {
  useFocusBack();
  return (
    <Modal opened onClose={onCancel} title="Delete Invoice">
      <Text>Delete {what} and its images?</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel}>Cancel</Button>
        <Button color="red" onClick={onConfirm}>Delete</Button>
      </Group>
    </Modal>
  );
}
