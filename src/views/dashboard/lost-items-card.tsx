import { Button, Group, Table, Tabs, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { formatMoney, itemDescription } from '../../model/format.ts';
import { CardBody } from './card-body.tsx';
import { selectItemsLostCsv, selectLostItemsView, type LostItemsSort as SortBy } from '../../machines/dashboard/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { DashboardCard, NoResults } from './dashboard-card.tsx';
import { ExportButton } from '../common/export-button.tsx';
import { TabPanels } from '../common/tab-panels.tsx';

export function LostItemsCard({ canExport }: { canExport: boolean }) {
  const actor = DashboardActor.useActorRef();
  const navigate = useNavigate();
  const items = DashboardActor.useSelector(selectLostItemsView, sameView);
  const { sortBy } = items;
  const resize = (direction: 'more' | 'less') => actor.send({ type: 'dashboard.rowsResized', card: 'lostItems', direction });

  return (
    <DashboardCard
      title="Top Items Lost to Competitors"
      actions={canExport && items.exportable && <ExportButton label="Export items lost" from={actor} select={selectItemsLostCsv} />}
    >
      <Tabs value={sortBy} onChange={(v) => actor.send({ type: 'dashboard.lostItemsSorted', sortBy: (v as SortBy | null) ?? 'volume' })} mb="xs">
        <Tabs.List>
          <Tabs.Tab value="volume">Volume</Tabs.Tab>
          <Tabs.Tab value="rebate">Rebates</Tabs.Tab>
        </Tabs.List>
        <TabPanels values={['volume', 'rebate']} active={sortBy}>
          <CardBody>
            {items.rows.length === 0 ? (
              <NoResults />
            ) : (
              <>
                <Table highlightOnHover verticalSpacing={6} aria-label="Items lost">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Item</Table.Th>
                      <Table.Th ta="right">{items.valueLabel}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.rows.map((i) => (
                      <Table.Tr key={i.key}>
                        <Table.Td>
                          <UnstyledButton c="var(--mantine-color-anchor)" fz="sm" onClick={() => navigate(i.url)}>
                            {itemDescription(i.item)}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(i.value)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Group justify="center" gap="xs" mt="xs">
                  {items.less && (
                    <Button variant="subtle" size="compact-sm" onClick={() => resize('less')}>
                      Show less
                    </Button>
                  )}
                  {items.more && (
                    <Button variant="subtle" size="compact-sm" onClick={() => resize('more')}>
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
