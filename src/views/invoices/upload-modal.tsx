import { useFocusBack } from '../common/use-focus-back.ts';
import { Alert, Autocomplete, Box, Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { shallowEqual } from '@xstate/react';
import { selectUploadFiles, selectUploadForm, selectUploadedInvoice, selectUploadMessage, selectUploadState } from '../../machines/invoices/selectors.ts';
import { InvoiceUploadActor } from './invoice-actors.ts';

export type Uploaded = { id: number; description: string; merchantName: string };

/** Upload Invoice (§2.6): name, location (a select that takes free text), files by drop or picker, per-file progress. */
export function UploadModal({ opened, onClose, locations, addingTo }: {
  opened: boolean;
  /** Told the invoice the files went to, or null when nothing was sent. */
  onClose: (uploaded: Uploaded | null) => void;
  locations: string[];
  addingTo: boolean;
}) {
  const actor = InvoiceUploadActor.useActorRef();
  const state = InvoiceUploadActor.useSelector(selectUploadState);
  const files = InvoiceUploadActor.useSelector(selectUploadFiles);
  const message = InvoiceUploadActor.useSelector(selectUploadMessage);
  const form = InvoiceUploadActor.useSelector(selectUploadForm, shallowEqual);
  const invoiceId = InvoiceUploadActor.useSelector(selectUploadedInvoice);
  const input = useRef<HTMLInputElement>(null);
  useFocusBack();
  const close = () => onClose(invoiceId === null ? null : { id: invoiceId, description: form.description, merchantName: form.merchant });
  const add = (list: FileList | null) => {
    if (list?.length) actor.send({ type: 'upload.filesAdded', files: [...list].map((file) => ({ name: file.name, size: file.size, file })) });
  };
  const good = state === 'success';
  return (
    <Modal opened={opened} onClose={close} title={addingTo ? 'Add Images' : 'Upload Invoice'} size="lg">
      <Stack>
        {!addingTo && (
          <>
            <TextInput label="Invoice Name" value={form.description} onChange={(e) => actor.send({ type: 'upload.fieldChanged', field: 'description', value: e.currentTarget.value })} />
            <Autocomplete label="Location" data={locations} value={form.merchant} onChange={(value) => actor.send({ type: 'upload.fieldChanged', field: 'merchant', value })} />
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
          <input ref={input} type="file" hidden multiple accept="image/png,image/jpeg,image/gif" aria-label="Invoice images"
            onChange={(e) => { add(e.currentTarget.files); e.currentTarget.value = ''; }} />
        </Box>
        {files.map((f) => (
          <Box key={f.name}>
            <Group justify="space-between"><Text size="sm">{f.name}</Text><Text size="xs" c={f.state === 'failed' ? 'red' : 'dimmed'}>{f.state === 'failed' ? 'Failed' : `${f.percent}%`}</Text></Group>
            <Progress value={f.percent} color={f.state === 'failed' ? 'red' : f.state === 'done' ? 'green' : 'blue'} aria-label={`${f.name} progress`} />
          </Box>
        ))}
        {message && <Alert color={good ? 'green' : 'red'}>{message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => actor.send({ type: 'upload.cleared' })} disabled={state === 'uploading'}>Clear Images</Button>
          {state === 'partialSuccess' || state === 'failure'
            ? <Button onClick={() => actor.send({ type: 'upload.retry' })}>Retry</Button>
            : <Button onClick={() => actor.send({ type: 'upload.send' })} loading={state === 'uploading'} disabled={good}>Send Images</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
