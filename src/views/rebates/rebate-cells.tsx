import { Anchor, Button, Text } from '@mantine/core';
import { formatMoney } from '../../model/format.ts';
import { formatRebate } from '../../model/rebate-format.ts';
import type { RebateRow } from '../../model/rebates.ts';

/** Rebate and deviated price: the values when revealed, otherwise only Y or N (spec §5). */
export function RebateValue({ row, revealed }: { row: RebateRow; revealed: boolean }) {
  return <Text size="sm" data-testid="rebate-value">{revealed ? formatRebate(row.rebateType, row.rebateValue) : 'Y'}</Text>;
}

export function DeviatedPrice({ row, revealed }: { row: RebateRow; revealed: boolean }) {
  const text = !revealed ? (row.deviationValue === null ? 'N' : 'Y') : row.deviationValue === null ? '--' : formatMoney(row.deviationValue);
  return <Text size="sm" data-testid="deviated-price">{text}</Text>;
}

export function RevealButton({ row, revealed, onToggle }: { row: RebateRow; revealed: boolean; onToggle: (id: number) => void }) {
  return (
    <Button size="compact-xs" variant={revealed ? 'filled' : 'light'} onClick={() => onToggle(row.rebateId)} aria-label={`${revealed ? 'Hide' : 'Reveal'} ${row.min}`}>
      {revealed ? 'Hide' : 'Reveal'}
    </Button>
  );
}

/** The Similar Items page of an item. */
export function similarItemsPath(row: RebateRow): string {
  return ['/rebates/matches', ...[row.description, row.min, row.manufacturerPlatformId, row.locationPlatformId ?? '-'].map(encodeURIComponent)].join('/');
}

/** Opens the similar-items side panel of this row. */
export function SimilarItemsButton({ row, onOpen }: { row: RebateRow; onOpen: (row: RebateRow) => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => onOpen(row)} aria-label={`View similar items of ${row.min}`}>
      View
    </Anchor>
  );
}
