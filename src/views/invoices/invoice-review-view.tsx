import { Box, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { InvoiceReviewActor } from '../../machines/invoices/invoice-review.ts';
import { selectDeleteLineView, selectReviewView } from '../../machines/invoices/selectors.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { LineForm } from './line-form.tsx';
import { ReviewImage } from './review-image.tsx';
import { ReviewLines } from './review-lines.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/**
 * Reviewing the lines read (docs/invoices.md): the image beside the lines on wide screens, above
 * them on phones. Everyone on this page may correct them: the route is open only to users with
 * invoice scanning (RouteGate), as the calls are (their audience is invoiceUsers).
 */
export function InvoiceReview({ actor }: { actor: InvoiceReviewActor }) {
  const { reading, canCorrect } = useSelector(actor, selectReviewView, sameView);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>Lines read</Title>
        <Button size="xs" variant="light" disabled={!canCorrect} onClick={() => actor.send({ type: 'review.add' })}>Add line</Button>
      </Group>
      {reading && <Group gap="xs"><Loader size="xs" /><Text size="sm">The images are being read…</Text></Group>}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          {/* Stays in view while a long list of lines scrolls by. */}
          <Box style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 0px) + 8px)' }}><ReviewImage actor={actor} /></Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}><ReviewLines actor={actor} /></Grid.Col>
      </Grid>
      <LineForm actor={actor} />
      <DeleteLine actor={actor} />
    </Stack>
  );
}

function DeleteLine({ actor }: { actor: InvoiceReviewActor }) {
  const { line, busy, retry, error } = useSelector(actor, selectDeleteLineView, sameView);
  if (!line) return null;
  return (
    <ConfirmDelete title="Delete line" text={`Delete the line '${line.description || line.itemCode}'? Who deleted it is kept.`} error={error} busy={busy}
      onCancel={() => actor.send({ type: 'review.cancel' })} onConfirm={() => actor.send({ type: retry ? 'review.retry' : 'review.deleteConfirmed' })} />
  );
}
