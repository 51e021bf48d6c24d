import { Alert, Button, Group, Modal, SimpleGrid, TextInput } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import type { InvoiceReviewActor } from '../../machines/invoices/invoice-review.ts';
import { selectLineFormView, LINE_FIELD_LABELS, LINE_FIELDS, selectLineForm } from '../../machines/invoices/selectors.ts';
import { useFocusBack } from '../common/use-focus-back.ts';
import { sameView } from '../../machines/shell/selectors.ts';

const NUMBERS = new Set(['quantity', 'unitPrice', 'totalPrice']);

/** Edit line / Add line: every field labelled, each bad number named under it; Enter saves, Escape cancels. */
export function LineForm({ actor }: { actor: InvoiceReviewActor }) {
  const form = useSelector(actor, selectLineForm, shallowEqual);
  if (!form) return null;
  return <OpenLineForm actor={actor} adding={form.editing === 'new'} failed={form.failed} saving={form.saving} />;
}

function OpenLineForm({ actor, adding, failed, saving }: { actor: InvoiceReviewActor; adding: boolean; failed: boolean; saving: boolean }) {
  const { draft, problems, doubtful, error } = useSelector(actor, selectLineFormView, sameView);
  useFocusBack();
  return (
    <Modal opened onClose={() => actor.send({ type: 'review.cancel' })} title={adding ? 'Add line' : 'Edit line'} size="lg">
      <form noValidate onSubmit={(e) => { e.preventDefault(); actor.send({ type: failed ? 'review.retry' : 'review.save' }); }}>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {LINE_FIELDS.map((field) => (
            <TextInput key={field} label={LINE_FIELD_LABELS[field]} value={draft[field]} error={problems[field]} data-autofocus={field === 'itemCode' || undefined}
              inputMode={NUMBERS.has(field) ? 'decimal' : undefined}
              onChange={(e) => actor.send({ type: 'review.change', field, value: e.currentTarget.value })} />
          ))}
        </SimpleGrid>
        {doubtful && <Alert color="yellow" mt="md">Quantity × unit price does not equal the total: the line will be marked Check.</Alert>}
        {error && <Alert color="red" mt="md">{error}</Alert>}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => actor.send({ type: 'review.cancel' })} disabled={saving}>Cancel</Button>
          <Button type="submit" loading={saving}>{failed ? 'Retry' : 'Save'}</Button>
        </Group>
      </form>
    </Modal>
  );
}
