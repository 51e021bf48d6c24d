import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { InvoiceItem } from '../../model/invoices.ts';
import { formatMoney } from '../../model/format.ts';
import type { InvoiceReviewActor } from '../../machines/invoices/invoice-review.ts';
import { selectReviewLinesView, correctedText, DOUBTFUL_TEXT } from '../../machines/invoices/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';

const money = (n: number | null) => (n === null ? '--' : formatMoney(n));

/** The lines read, doubtful ones first and marked Check; a click selects one (the image shows where it was read). */
export function ReviewLines({ actor }: { actor: InvoiceReviewActor }) {
  const { lines, selected, canCorrect } = useSelector(actor, selectReviewLinesView, sameView);
  if (lines.length === 0) return <Text c="dimmed">No lines were read from the images.</Text>;
  return (
    <Stack gap="xs" data-testid="review-lines">
      {lines.map((line) => (
        <Line key={line.id} line={line} selected={line.id === selected} canCorrect={canCorrect} actor={actor} />
      ))}
    </Stack>
  );
}

function Line({ line, selected, canCorrect, actor }: { line: InvoiceItem; selected: boolean; canCorrect: boolean; actor: InvoiceReviewActor }) {
  const name = line.description || line.itemCode || 'line';
  const corrected = correctedText(line);
  return (
    <Paper withBorder p="xs" data-testid="review-line" bg={selected ? 'var(--mantine-color-orange-light)' : undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <UnstyledButton aria-pressed={selected} onClick={() => actor.send({ type: 'review.select', lineId: line.id })} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">{name}</Text>
            {line.doubtful && (
              <Tooltip label={DOUBTFUL_TEXT} multiline w={240}>
                <Badge color="yellow" variant="light" tt="none" data-testid="check-badge">Check<VisuallyHidden>: {DOUBTFUL_TEXT}</VisuallyHidden></Badge>
              </Tooltip>
            )}
            {(line.overpaid ?? 0) > 0 && <Badge color="red" variant="light" tt="none">Over {money(line.overpaid)}</Badge>}
            {line.added && <Badge color="gray" variant="light" tt="none">Typed in</Badge>}
          </Group>
          <Text size="xs" c="dimmed">{[line.itemCode, line.brand, [line.pack, line.uom].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}</Text>
          <Text size="sm" data-testid="line-sum">{line.quantity ?? '--'} × {money(line.unitPrice)} = {money(line.totalPrice)}</Text>
          {corrected && <Text size="xs" c="dimmed">{corrected}</Text>}
        </UnstyledButton>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} disabled={!canCorrect} onClick={() => actor.send({ type: 'review.edit', lineId: line.id })}><IconPencil size={16} /></ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} disabled={!canCorrect} onClick={() => actor.send({ type: 'review.delete', lineId: line.id })}><IconTrash size={16} /></ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}
