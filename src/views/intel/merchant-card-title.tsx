import { Group, Text } from '@mantine/core';
import { formatMoney } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';

/** The head of a graph or line-chart card: merchant, account number ('--' when empty), total. */
export function MerchantCardTitle({ merchant }: { merchant: IntelMerchant }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        {/* The whole name, wrapped (issue 39: names were cut off). */}
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="intel-card-merchant">
          {merchant.merchant}
        </Text>
        <Text size="xs" c="dimmed">
          {merchant.dcn || '--'}
        </Text>
      </div>
      <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
        {formatMoney(merchant.totalVolume)}
      </Text>
    </Group>
  );
}
