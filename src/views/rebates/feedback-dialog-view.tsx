import { Button, Group, Modal, Notification, Portal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { feedbackDialogMachine } from '../../machines/rebates/feedback-dialog.ts';
import { selectFeedbackDialogView } from '../../machines/rebates/selectors.ts';

/** The feedback dialog and, after sending, the 'Feedback Sent!' notification. */
export function FeedbackDialog({ actor }: { actor: ActorRefFrom<typeof feedbackDialogMachine> }) {
  const view = useSelector(actor, selectFeedbackDialogView);
  const change = (value: string) => actor.send({ type: 'feedback.textChanged', value });

  return (
    <>
      <Modal opened={view.open} onClose={() => view.closable && actor.send({ type: 'feedback.closed' })} title={view.title}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'feedback.submitted' });
          }}
        >
          <Stack gap="sm">
            {view.asks === 'comment' ? (
              <Textarea
                label={view.commentLabel}
                autosize
                minRows={3}
                maxLength={1000}
                value={view.text}
                onChange={(e) => change(e.currentTarget.value)}
              />
            ) : (
              <TextInput label="MIN of a similar item" value={view.text} maxLength={40} onChange={(e) => change(e.currentTarget.value)} />
            )}
            {view.failure && (
              <Text c="red" size="sm" role="alert">
                {view.failure}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" disabled={view.sending} onClick={() => actor.send({ type: 'feedback.closed' })}>
                Cancel
              </Button>
              <Button type="submit" loading={view.sending} disabled={!view.maySend}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {view.sent && (
        <Portal>
          <Notification color="teal" withCloseButton={false} style={{ position: 'fixed', top: 16, right: 16, width: 280, zIndex: 1100 }}>
            Feedback Sent!
          </Notification>
        </Portal>
      )}
    </>
  );
}
