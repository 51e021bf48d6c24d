import { Anchor, Button, Group, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../model/format.ts';
import type { IntelItem } from '../../model/intel.ts';
import { describeItem, lastOrderPrice, marketIndex, NO_PRICE_HINT } from '../../machines/intel/selectors.ts';
import { formatRebate } from '../../model/rebate-format.ts';

/** The cells of an intel item, shared by the detail table (desktop) and its cards (phones). */

export type DetailItem = IntelItem & { distributor: string };

export function ItemDescription({ item }: { item: DetailItem }) {
  // The seller under the item: a merchant may buy from several competitors.
  return (
    <div>
      <Text size="sm">{describeItem(item)}</Text>
      <Text size="xs" c="dimmed">
        {item.distributor}
      </Text>
    </div>
  );
}

/** Spec §5: Y or N until revealed, then the values. */
export function RebateCell({ item, open, onToggle }: { item: DetailItem; open: boolean; onToggle: () => void }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" data-testid="intel-rebate">
        {open ? (item.rebateType && item.rebateValue !== null ? formatRebate(item.rebateType, item.rebateValue) : '--') : item.rebateValue === null ? 'N' : 'Y'}
      </Text>
      <Button size="compact-xs" variant={open ? 'filled' : 'light'} onClick={onToggle}>
        {open ? 'Hide' : 'Reveal'}
      </Button>
    </Group>
  );
}

export function DeviationCell({ item, open }: { item: DetailItem; open: boolean }) {
  return (
    <Text size="sm" data-testid="intel-deviation">
      {open ? (item.deviationValue === null ? '--' : formatMoney(item.deviationValue)) : item.deviationValue === null ? 'N' : 'Y'}
    </Text>
  );
}

/** Spec §5: the Market Index as a range, or N/A with the hint why. */
export const MarketIndexCell = ({ item }: { item: Pick<IntelItem, 'startGuidanceRange' | 'endGuidanceRange'> }) => <PriceOrHint text={marketIndex(item)} testId="market-index-na" />;

/** The last order price, or N/A with the same hint when no price and no Market Index were known. */
export const LastOrderPriceCell = ({ item }: { item: Pick<IntelItem, 'purchase'> }) => <PriceOrHint text={lastOrderPrice(item)} testId="last-price-na" />;

function PriceOrHint({ text, testId }: { text: string; testId: string }) {
  return text === 'N/A' ? (
    // A button, so the hint shows on focus and on a tap too (a plain text shows it to a mouse only);
    // its name keeps the visible 'N/A' first, then the hint.
    <Tooltip label={NO_PRICE_HINT} events={{ hover: true, focus: true, touch: true }} multiline w={220}>
      <UnstyledButton fz="sm" td="underline dotted" data-testid={testId}>
        N/A<VisuallyHidden>: {NO_PRICE_HINT}</VisuallyHidden>
      </UnstyledButton>
    </Tooltip>
  ) : (
    <Text size="sm">{text}</Text>
  );
}

export function SimilarItemsLink({ item, merchantPlatformId }: { item: DetailItem; merchantPlatformId: string }) {
  const to = ['/rebates/matches', ...[item.description, item.min, item.manufacturerPlatformId, merchantPlatformId].map(encodeURIComponent)].join('/');
  return (
    <Anchor component={Link} size="sm" to={to}>
      View
    </Anchor>
  );
}
