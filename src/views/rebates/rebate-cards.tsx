import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDescription, rebateTypeLabel } from '../../model/rebate-format.ts';
import type { RebateRow } from '../../model/rebates.ts';
import { DeviatedPrice, RebateValue, RevealButton, SimilarItemsButton } from './rebate-cells.tsx';

export interface RebateCardsProps {
  rows: RebateRow[];
  revealedId: number | null;
  /** The Sort by button and its dialog (rebate-sort-dialog.tsx). */
  sortBy: ReactNode;
  footer: ReactNode;
  onToggle: (rebateId: number) => void;
  onSimilar: (row: RebateRow) => void;
}

/** The mobile list: one card per rebate, the Sort by button, paging by the footer's Load More. */
export function RebateCards({ rows, revealedId, sortBy, footer, onToggle, onSimilar }: RebateCardsProps) {
  return (
    <Stack gap="sm">
      {sortBy}
      {rows.map((row) => {
        const revealed = row.rebateId === revealedId;
        return (
          <Card key={row.rebateId} component="article" withBorder padding="sm" aria-label={`Rebate on ${row.min}`}>
            <Text fw={600} size="sm">{formatDescription(row.description)}</Text>
            <Text size="xs" c="dimmed">
              {row.manufacturer} · MIN {row.min} · DIN {row.din ?? '--'}
            </Text>
            <Group justify="space-between" mt="xs">
              <Text size="sm">{rebateTypeLabel(row.rebateType)}</Text>
              <Group gap="xs">
                <Text size="sm" c="dimmed">Rebate</Text>
                <RebateValue row={row} revealed={revealed} />
                <Text size="sm" c="dimmed">Deviated</Text>
                <DeviatedPrice row={row} revealed={revealed} />
              </Group>
            </Group>
            <Group justify="space-between" mt="xs">
              <SimilarItemsButton row={row} onOpen={onSimilar} />
              <RevealButton row={row} revealed={revealed} onToggle={onToggle} />
            </Group>
          </Card>
        );
      })}
      {footer}
    </Stack>
  );
}
