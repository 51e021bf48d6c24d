import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { announcementsMachine } from '../../machines/admin-panel/announcements-editor.ts';
import { sameView, selectAnnouncementsView } from '../../machines/admin-panel/selectors.ts';

/** 'System Announcements' (spec §2.9): full screen, Create disabled while empty, delete per row. */
export function AnnouncementsModal({ actor }: { actor: ActorRefFrom<typeof announcementsMachine> }) {
  const { opened, loading, empty, rows, text, message, createBusy, createDisabled, mayDelete } = useSelector(actor, selectAnnouncementsView, sameView);
  return (
    <Modal fullScreen opened={opened} onClose={() => actor.send({ type: 'announcements.closed' })} title="System Announcements">
      <Stack gap="md" maw={800} mx="auto">
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
        <Textarea
          label="Announcement"
          placeholder="Your announcement text here"
          autosize
          minRows={3}
          maxLength={1000}
          value={text}
          onChange={(e) => actor.send({ type: 'announcements.textChanged', text: e.currentTarget.value })}
        />
        <Group>
          <Button onClick={() => actor.send({ type: 'announcements.created' })} disabled={createDisabled} loading={createBusy}>
            Create
          </Button>
        </Group>
        <Title order={2} size="h4">Current Announcements</Title>
        {loading ? (
          <Text c="dimmed">Loading…</Text>
        ) : empty ? (
          <Text c="dimmed">No announcements.</Text>
        ) : (
          <Table aria-label="Current Announcements">
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{a.text}</Table.Td>
                  <Table.Td w={60}>
                    <ActionIcon variant="subtle" color="red" aria-label={a.deleteLabel} loading={a.deleting}
                      disabled={!mayDelete} onClick={() => actor.send({ type: 'announcements.deleted', id: a.id })}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
