import { ActionIcon, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { formatMoney, formatPercent } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import type { Sort, SortColumn } from '../../model/intel-rules.ts';
import type { IntelRef } from './intel-page.tsx';

const SORT_OPTIONS: { value: SortColumn; label: string }[] = [
  { value: 'totalVolume', label: 'Total Volume' },
  { value: 'competitorVolume', label: 'Competitor Volume' },
  { value: 'competitorVolumePerc', label: '% Competitor' },
  { value: 'distributorVolume', label: 'Distributor Volume' },
  { value: 'distributorVolumePerc', label: '% Distributor' },
  { value: 'merchant', label: 'Merchant' },
  { value: 'dcn', label: 'Account Number' },
];

/** Phones: the list's page as cards, each with every figure, and the sort as a select (no sideways scrolling). */
export function IntelListCards({ intel, rows, sort }: { intel: IntelRef; rows: IntelMerchant[]; sort: Sort }) {
  const navigate = useNavigate();
  const sortBy = (column: SortColumn) => intel.send({ type: 'intel.sortChanged', column });
  return (
    <Stack gap="xs" data-testid="intel-list-cards">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select label="Sort by" data={SORT_OPTIONS} value={sort.column} onChange={(v) => v && sortBy(v as SortColumn)} allowDeselect={false} flex={1} />
        <ActionIcon
          variant="light"
          size="lg"
          onClick={() => sortBy(sort.column)}
          aria-label={sort.descending ? 'Sorted largest first: sort smallest first' : 'Sorted smallest first: sort largest first'}
        >
          {sort.descending ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
        </ActionIcon>
      </Group>
      {rows.map((m) => (
        <Card key={m.id} withBorder padding="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {m.merchant}
              </Text>
              <Text size="xs" c="dimmed">
                {m.dcn || '--'}
              </Text>
            </div>
            {/* Never squeezed by a long merchant name: its label stays whole. */}
            <Button size="compact-xs" variant="light" disabled={m.noData} onClick={() => navigate(`/intel/detail/${m.id}/competitive`)} style={{ flexShrink: 0 }}>
              See Details
            </Button>
          </Group>
          <Text size="sm" mt={4}>
            Total {formatMoney(m.totalVolume)}
          </Text>
          <Text size="xs">
            Competitors {formatMoney(m.competitorVolume)} ({formatPercent(m.competitorVolumePerc, 1)}) · Distributor {formatMoney(m.distributorVolume)} (
            {formatPercent(m.distributorVolumePerc, 1)})
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
