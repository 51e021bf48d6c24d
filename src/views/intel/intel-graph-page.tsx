import { Box, Button, Card, Center, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { ResponsivePie } from '@nivo/pie';
import { useSelector } from '@xstate/react';
import { formatMoney, formatPercent } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import { selectGraphView, pieGroups, selectExpanded } from '../../machines/intel/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import type { IntelRef } from './intel-page.tsx';
import { IntelPagination } from './intel-list-page.tsx';
import { MerchantCardTitle } from './merchant-card-title.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** /intel/graph: 8 merchant cards a page, each its volume by distributor. */
export function IntelGraphPage() {
  return <OwnedPage page="intel">{(intel) => <IntelGraphScreen intel={intel} />}</OwnedPage>;
}

function IntelGraphScreen({ intel }: { intel: IntelRef }) {
  const { page, settled, shown, pages, noneVisible } = useSelector(intel, selectGraphView, sameView);
  if (noneVisible)
    return settled ? (
      <Center py="xl">
        <Text c="dimmed">No Data Found</Text>
      </Center>
    ) : null;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {shown.map((m) => (
          <GraphCard key={m.id} intel={intel} merchant={m} />
        ))}
      </SimpleGrid>
      <IntelPagination intel={intel} total={pages} page={page} />
    </Stack>
  );
}

function GraphCard({ intel, merchant }: { intel: IntelRef; merchant: IntelMerchant }) {
  const expanded = useSelector(intel, selectExpanded).includes(merchant.id);
  const { groups, shown, expandable } = pieGroups(merchant, expanded);
  return (
    <Card withBorder padding="sm" data-testid="intel-graph-card">
      <Stack gap="xs">
        <MerchantCardTitle merchant={merchant} />
        {groups.length === 0 ? (
          <Center h={180}>
            <Text size="sm" c="dimmed">
              Chart data not available
            </Text>
          </Center>
        ) : (
          <>
            {/* nivo's pie takes no label: the box is the image, the svg inside only draws it. */}
            <Box h={180} role="img" aria-label={`Volume of ${merchant.merchant} by distributor`}>
              <ResponsivePie
                data={groups.map((g) => ({ id: g.distributor, label: g.distributor, value: g.volume }))}
                margin={{ top: 10, right: 10, bottom: 10, left: 10 }}
                innerRadius={0.55}
                padAngle={1}
                colors={(d) => (groups.find((g) => g.distributor === d.id)?.competitor ? '#f76707' : '#0ca678')}
                enableArcLinkLabels={false}
                enableArcLabels={false}
                valueFormat={(v) => formatMoney(v)}
                role="presentation"
              />
            </Box>
            <Stack gap={2}>
              {shown.map((g) => (
                <Group key={g.distributorPlatformId} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  {/* The whole name, wrapped beside its amount (issue 39: names were cut off). */}
                  <Text size="xs" c={`var(--mantine-color-${g.competitor ? 'orange' : 'teal'}-light-color)`} style={{ overflowWrap: 'anywhere' }} data-testid="intel-graph-distributor">
                    {g.distributor}
                  </Text>
                  <Text size="xs" style={{ flexShrink: 0 }}>
                    {formatMoney(g.volume)} ({formatPercent(merchant.totalVolume ? g.volume / merchant.totalVolume : 0, 1)})
                  </Text>
                </Group>
              ))}
            </Stack>
            {expandable && (
              <Button variant="subtle" size="compact-xs" onClick={() => intel.send({ type: 'intel.showMoreToggled', merchantId: merchant.id })}>
                {expanded ? 'Show Less' : 'Show More'}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
