import { useFocusBack } from '../common/use-focus-back.ts';
import { Alert, Autocomplete, Box, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { UploadChild } from '../../machines/invoices/upload-child.ts';
import { selectUploadView } from '../../machines/invoices/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';

/**
 * Upload Invoice (§2.6): name, location (a select that takes free text), files by drop or picker,
 * per-file progress. Shown while the page's machine holds its upload; closing tells that machine.
 */
export function UploadModal({ actor }: { actor: UploadChild }) {
  const { files, message, form, addingTo, locations, sent, sending, offersRetry } = useSelector(actor, selectUploadView, sameView);
  const input = useRef<HTMLInputElement>(null);
  useFocusBack();
  const close = () => actor.send({ type: 'upload.closed' });
  const add = (list: FileList | null) => {
    if (list?.length) actor.send({ type: 'upload.filesAdded', files: [...list].map((file) => ({ name: file.name, size: file.size, file })) });
  };
  return (
    <Modal opened onClose={close} title={addingTo ? 'Add Images' : 'Upload Invoice'} size="lg">
      <Stack>
        {!addingTo && (
          <>
            <TextInput label="Invoice Name" value={form.description} onChange={(e) => actor.send({ type: 'upload.fieldChanged', field: 'description', value: e.currentTarget.value })} />
            <Autocomplete label="Location" data={locations} limit={50} placeholder="Type to search your locations" value={form.merchant} onChange={(value) => actor.send({ type: 'upload.fieldChanged', field: 'merchant', value })} />
          </>
        )}
        <Box
          data-testid="invoice-dropzone"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => { e.preventDefault(); add(e.dataTransfer.files); }}
          onClick={() => input.current?.click()}
          style={{ border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 8, padding: 24, textAlign: 'center', cursor: 'pointer' }}
        >
          <Text>Drag images here or click to choose (png, jpg, gif; at most 10 MB each)</Text>
          {/* A keyboard reaches the picker through a real button (the area itself is for the pointer). */}
          <Button variant="light" mt="sm" onClick={(e) => { e.stopPropagation(); input.current?.click(); }}>Choose Images</Button>
          <input ref={input} type="file" hidden multiple accept="image/png,image/jpeg,image/gif" aria-label="Invoice images"
            onChange={(e) => { add(e.currentTarget.files); e.currentTarget.value = ''; }} />
        </Box>
        {files.map((f) => (
          <Box key={f.name}>
            <Group justify="space-between"><Text size="sm">{f.name}</Text><Text size="xs" c={f.failed ? 'red' : 'dimmed'}>{f.failed ? 'Failed' : `${f.percent}%`}</Text></Group>
            <Progress value={f.percent} color={f.tone} aria-label={`${f.name} progress`} />
          </Box>
        ))}
        {message && <Alert color={sent ? 'green' : 'red'}>{message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'upload.cleared' })} disabled={sending}>Clear Images</Button>
          {offersRetry
            ? <Button onClick={() => actor.send({ type: 'upload.retry' })}>Retry</Button>
            : <Button onClick={() => actor.send({ type: 'upload.send' })} loading={sending} disabled={sent}>Send Images</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
