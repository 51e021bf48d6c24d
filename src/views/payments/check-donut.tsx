import { Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { ResponsivePie } from '@nivo/pie';
import { formatMoney } from '../../model/format.ts';
import { DONUT_STEP, donutSlices } from '../../machines/payments/selectors.ts';

const COLORS = ['#1c7ed6', '#0ca678', '#f76707', '#ae3ec9', '#f59f00', '#e03131', '#3bc9db', '#74b816', '#5c7cfa', '#d6336c', '#868e96', '#20c997', '#fab005', '#7048e8', '#ff922b'];

export interface Slice {
  name: string;
  amount: number;
}

type Props = {
  title: 'Locations' | 'Manufacturers';
  slices: readonly Slice[];
  /** How many of the largest slices the donut draws (15, 30, …). */
  shown: number;
  onMore: () => void;
  onLess: () => void;
};

/**
 * One breakdown of a check: the largest `shown` slices as a donut with the same slices as a table
 * beside it (what a screen reader reads; the donut is its picture), the rest listed with amounts.
 */
export function CheckDonut({ title, slices, shown, onMore, onLess }: Props) {
  const { drawn, rest } = donutSlices(slices, shown);
  const color = (i: number) => COLORS[i % COLORS.length]!;
  return (
    <Stack gap="xs" data-testid={`donut-${title.toLowerCase()}`}>
      <Title order={3} size="h5">
        {title} ({slices.length})
      </Title>
      <Box h={200} role="img" aria-label={`${title} of this check by amount: the ${drawn.length} largest of ${slices.length}`}>
        <ResponsivePie
          data={drawn.map((s, i) => ({ id: `${i}:${s.name}`, label: s.name, value: s.amount, color: color(i) }))}
          colors={(d) => d.data.color}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          innerRadius={0.55}
          padAngle={0.8}
          enableArcLinkLabels={false}
          enableArcLabels={false}
          valueFormat={(v) => formatMoney(v)}
          tooltip={({ datum }) => (
            <Text size="xs" bg="white" p={4} style={{ border: '1px solid #ccc' }}>
              {datum.label}: {formatMoney(datum.value)}
            </Text>
          )}
          role="presentation"
        />
      </Box>
      <Table.ScrollContainer minWidth={240} mah={260}>
        <Table striped withRowBorders={false} fz="xs" data-testid={`donut-table-${title.toLowerCase()}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{title === 'Locations' ? 'Location' : 'Manufacturer'}</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {drawn.map((s, i) => (
              <Table.Tr key={`${i}:${s.name}`}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Box w={10} h={10} style={{ background: color(i), borderRadius: 2, flex: 'none' }} aria-hidden />
                    {s.name}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(s.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rest.length > 0 && (
        <Stack gap={2} data-testid={`donut-rest-${title.toLowerCase()}`}>
          <Text size="xs" fw={600}>
            Not drawn ({rest.length})
          </Text>
          {rest.map((s, i) => (
            <Group key={`${i}:${s.name}`} justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" truncate>
                {s.name}
              </Text>
              <Text size="xs">{formatMoney(s.amount)}</Text>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs">
        {rest.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={onMore}>
            Show more
          </Button>
        )}
        {drawn.length > DONUT_STEP && (
          <Button size="compact-xs" variant="subtle" onClick={onLess}>
            Show less
          </Button>
        )}
      </Group>
    </Stack>
  );
}
