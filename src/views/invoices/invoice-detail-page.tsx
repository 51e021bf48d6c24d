import { ActionIcon, Alert, Anchor, Breadcrumbs, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { invoiceDetailMachine } from '../../machines/invoices/invoice-detail.ts';
import { selectInvoiceDetailView, INVOICE_MESSAGES, invoiceDateText } from '../../machines/invoices/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { InvoiceImage } from './invoice-image-view.tsx';
import { InvoiceReview } from './invoice-review-view.tsx';
import { StatusBadge } from './status-badge.tsx';
import { UploadModal } from './upload-modal.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

const money = (n: number | null) => (n === null ? '--' : `$${n.toFixed(2)}`);

/** /invoice/{id}: one invoice, its images and the review of its lines (its machine: the app's root actor runs it). */
export function InvoiceDetailPage() {
  return <OwnedPage page="invoiceDetail">{(page) => <InvoiceDetail actor={page} />}</OwnedPage>;
}

function InvoiceDetail({ actor }: { actor: ActorRefFrom<typeof invoiceDetailMachine> }) {
  const { invoice, failed, message, gone, busy, enlarged, enlargedImage, thumbnails, upload, confirmingDelete, review } = useSelector(actor, selectInvoiceDetailView, sameView);
  // On its way to the list (the invoice deleted, or a malformed id).
  if (gone) return null;
  if (failed) return <Alert m="md" color="red">{INVOICE_MESSAGES.fetchOne} <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'invoice.retry' })}>Retry</Button></Alert>;
  if (!invoice) return <Text p="md">Loading…</Text>;
  return (
    <Stack p="md">
      <Breadcrumbs><Anchor component={Link} to="/invoice/scanning">Invoice Scanning</Anchor><Text>{invoice.description}</Text></Breadcrumbs>
      <Group><Title order={2}>{invoice.description}</Title><StatusBadge status={invoice.status} /></Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Title order={4}>General Info</Title>
          <Text>Merchant: {invoice.merchantName}</Text>
          <Text>Brand: {invoice.brand ?? '--'}</Text>
          <Text>Date: {invoiceDateText(invoice.invoiceDate)}</Text>
          <Text>Delivery Date: {invoiceDateText(invoice.deliveryDate)}</Text>
          <Text>Tax Amount: {money(invoice.taxAmount)}</Text>
        </Card>
        <Card withBorder>
          <Title order={4}>Status</Title>
          <Group><StatusBadge status={invoice.status} />{invoice.reason && <Text>{invoice.reason}</Text>}</Group>
          <Text mt="sm" fw={600} c={invoice.overpaidTotal > 0 ? 'red' : undefined} data-testid="overpaid-total">
            Paid above deviated prices: {money(invoice.overpaidTotal)}
          </Text>
        </Card>
      </SimpleGrid>
      {message && <Alert color="red">{message}</Alert>}
      <Title order={4}>Images</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {invoice.images.map((img) => (
          <Card key={img.attachmentId} withBorder p="xs" style={{ alignSelf: 'start' }}>
            <InvoiceImage image={thumbnails[img.attachmentId]} alt={img.filename} h={160} onClick={() => actor.send({ type: 'invoice.imageEnlarged', imageId: img.attachmentId })} />
            <Group justify="space-between" mt={4}>
              <Text size="xs" truncate>{img.filename}</Text>
              <ActionIcon color="red" variant="subtle" aria-label={`Delete ${img.filename}`} disabled={busy} onClick={() => actor.send({ type: 'invoice.deleteImage', imageId: img.attachmentId })}><IconTrash size={14} /></ActionIcon>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button onClick={() => actor.send({ type: 'invoice.addImagesOpened' })}>Add Images</Button>
        <Button component={Link} to={`/invoice/${invoice.id}/items`} variant="light">View Items</Button>
        <Button color="red" variant="outline" loading={busy} onClick={() => actor.send({ type: 'invoice.deleteAsked' })}>Delete Invoice</Button>
      </Group>
      {review && <InvoiceReview actor={review} />}
      <Modal opened={enlarged !== null} onClose={() => actor.send({ type: 'invoice.imageClosed' })} size="xl" title="Invoice image">
        {enlarged !== null && (
          <InvoiceImage image={enlargedImage} alt="Invoice image, full size" />
        )}
      </Modal>
      {upload && <UploadModal actor={upload} />}
      {confirmingDelete && <ConfirmDelete onCancel={() => actor.send({ type: 'invoice.deleteCancelled' })} onConfirm={() => actor.send({ type: 'invoice.deleteConfirmed' })} />}
    </Stack>
  );
}
