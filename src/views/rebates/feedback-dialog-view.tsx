import { Button, Group, Modal, Notification, Portal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { feedbackDialogMachine } from '../../machines/rebates/feedback-dialog.ts';
import { selectFeedbackFailure } from '../../machines/rebates/selectors.ts';

/** The feedback dialog and, after sending, the 'Feedback Sent!' notification. */
export function FeedbackDialog({ actor }: { actor: ActorRefFrom<typeof feedbackDialogMachine> }) {
  const state = useSelector(actor, (s) => s.value as 'closed' | 'editing' | 'sending' | 'sent');
  const mode = useSelector(actor, (s) => s.context.mode);
  const text = useSelector(actor, (s) => s.context.text);
  const failure = useSelector(actor, selectFeedbackFailure);
  const badMatchMin = useSelector(actor, (s) => s.context.badMatchMin);
  const open = state === 'editing' || state === 'sending';
  const change = (value: string) => actor.send({ type: 'feedback.textChanged', value });

  return (
    <>
      <Modal
        opened={open}
        onClose={() => state === 'editing' && actor.send({ type: 'feedback.closed' })}
        title={mode === 'badMatch' ? 'Give Feedback' : 'Recommend Similar Item'}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'feedback.submitted' });
          }}
        >
          <Stack gap="sm">
            {mode === 'badMatch' ? (
              <Textarea
                label={`Why is ${badMatchMin} a bad match?`}
                autosize
                minRows={3}
                maxLength={1000}
                value={text}
                onChange={(e) => change(e.currentTarget.value)}
              />
            ) : (
              <TextInput label="MIN of a similar item" value={text} maxLength={40} onChange={(e) => change(e.currentTarget.value)} />
            )}
            {failure && (
              <Text c="red" size="sm" role="alert">
                {failure}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" disabled={state === 'sending'} onClick={() => actor.send({ type: 'feedback.closed' })}>
                Cancel
              </Button>
              <Button type="submit" loading={state === 'sending'} disabled={text.trim() === ''}>
                Send
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {state === 'sent' && (
        <Portal>
          <Notification color="teal" withCloseButton={false} style={{ position: 'fixed', top: 16, right: 16, width: 280, zIndex: 1100 }}>
            Feedback Sent!
          </Notification>
        </Portal>
      )}
    </>
  );
}
