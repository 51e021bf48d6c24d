import { Button, Group, Table, Tabs, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoney, itemDescription, nextCount } from '../../model/format.ts';
import { CardBody } from './card-body.tsx';
import { lostItemsBy, selectDashboard, selectItemsLostCsv, type LostItemsSort as SortBy } from '../../machines/dashboard/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { DashboardCard, NoResults } from './dashboard-card.tsx';
import { ExportButton } from '../common/export-button.tsx';
import { TabPanels } from '../common/tab-panels.tsx';

const STEP = 5;

export function LostItemsCard({ canExport }: { canExport: boolean }) {
  const data = DashboardActor.useSelector(selectDashboard);
  const actor = DashboardActor.useActorRef();
  const navigate = useNavigate();
  // Presentation-only state: which tab and how many rows are open.
  const [sortBy, setSortBy] = useState<SortBy>('volume');
  const [shown, setShown] = useState(STEP);
  const items = lostItemsBy(data, sortBy);

  return (
    <DashboardCard
      title="Top Items Lost to Competitors"
      actions={canExport && data && <ExportButton label="Export items lost" build={() => selectItemsLostCsv(actor.getSnapshot())!} />}
    >
      <Tabs value={sortBy} onChange={(v) => setSortBy((v as SortBy) ?? 'volume')} mb="xs">
        <Tabs.List>
          <Tabs.Tab value="volume">Volume</Tabs.Tab>
          <Tabs.Tab value="rebate">Rebates</Tabs.Tab>
        </Tabs.List>
        <TabPanels values={['volume', 'rebate']} active={sortBy}>
          <CardBody>
            {items.length === 0 ? (
              <NoResults />
            ) : (
              <>
                <Table highlightOnHover verticalSpacing={6} aria-label="Items lost">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Item</Table.Th>
                      <Table.Th ta="right">{sortBy === 'volume' ? 'Volume' : 'Est. Rebates'}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.slice(0, shown).map((i) => (
                      <Table.Tr key={`${i.min}-${i.item}`}>
                        <Table.Td>
                          <UnstyledButton c="var(--mantine-color-anchor)" fz="sm" onClick={() => navigate(`/competitiveinsights?item=${encodeURIComponent(i.min)}`)}>
                            {itemDescription(i.item)}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(i[sortBy])}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Group justify="center" gap="xs" mt="xs">
                  {shown > STEP && (
                    <Button variant="subtle" size="compact-sm" onClick={() => setShown(nextCount(shown, STEP, items.length, 'less'))}>
                      Show less
                    </Button>
                  )}
                  {shown < items.length && (
                    <Button variant="subtle" size="compact-sm" onClick={() => setShown(nextCount(shown, STEP, items.length, 'more'))}>
                      Show more
                    </Button>
                  )}
                </Group>
              </>
            )}
          </CardBody>
        </TabPanels>
      </Tabs>
    </DashboardCard>
  );
}
