import { Card, Group, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDescription, rebateTypeLabel } from '../../model/rebate-format.ts';
import type { RebateCriteria, RebateRow, RebateSortColumn, SortOrder } from '../../model/rebates.ts';
import { DeviatedPrice, RebateValue, RevealButton, SimilarItemsButton } from './rebate-cells.tsx';

const SORT_CHOICES: { value: `${RebateSortColumn}:${SortOrder}`; label: string }[] = [
  { value: 'manufacturer:asc', label: 'Manufacturer (A–Z)' },
  { value: 'manufacturer:desc', label: 'Manufacturer (Z–A)' },
  { value: 'description:asc', label: 'Description (A–Z)' },
  { value: 'min:asc', label: 'MIN' },
  { value: 'din:asc', label: 'DIN' },
  { value: 'rebateType:asc', label: 'Rebate Type' },
  { value: 'rebateValue:desc', label: 'Rebate (highest first)' },
  { value: 'deviationValue:asc', label: 'Deviated Price (lowest first)' },
];

export interface RebateCardsProps {
  rows: RebateRow[];
  revealedId: number | null;
  sort: Pick<RebateCriteria, 'sort' | 'order'>;
  footer: ReactNode;
  onSort: (sort: Pick<RebateCriteria, 'sort' | 'order'>) => void;
  onToggle: (rebateId: number) => void;
  onSimilar: (row: RebateRow) => void;
}

/** The mobile list: one card per rebate, a sort-by choice, paging by the footer's Load More. */
export function RebateCards({ rows, revealedId, sort, footer, onSort, onToggle, onSimilar }: RebateCardsProps) {
  return (
    <Stack gap="sm">
      <Select
        label="Sort by"
        data={SORT_CHOICES}
        value={`${sort.sort}:${sort.order}`}
        allowDeselect={false}
        onChange={(value) => {
          if (!value) return;
          const [column, order] = value.split(':') as [RebateSortColumn, SortOrder];
          onSort({ sort: column, order });
        }}
      />
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
