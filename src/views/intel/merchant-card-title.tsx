import { Group, Text } from '@mantine/core';
import { formatMoney } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';

/** The head of a graph or line-chart card: merchant, account number ('--' when empty), total. */
export function MerchantCardTitle({ merchant }: { merchant: IntelMerchant }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text fw={600} lineClamp={2}>
          {merchant.merchant}
        </Text>
        <Text size="xs" c="dimmed">
          {merchant.dcn || '--'}
        </Text>
      </div>
      <Text size="sm" fw={500}>
        {formatMoney(merchant.totalVolume)}
      </Text>
    </Group>
  );
}
