import { Alert, Anchor, Button, Card, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { competitiveItemsMachine } from '../../machines/insights/competitive-items.ts';
import { formatMoney } from '../../model/format.ts';
import type { CompetitiveItem } from '../../model/insights.ts';
import { selectItemsPageView, matchesUrl, orderHistoryUrl, REDIRECT_BANNER, selectItemsView } from '../../machines/insights/selectors.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import { TabPanels } from '../common/tab-panels.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { LastOrderPriceCell, MarketIndexCell } from '../intel/intel-item-cells.tsx';
import { CheckMenu } from './check-menu.tsx';
import { InsightsBreadcrumbs } from './insights-breadcrumbs.tsx';
import type { ItemsTab } from '../../model/insights-rules.ts';
import { WithSection, type InsightsSectionRef } from './insights-page.tsx';
import { INSIGHTS_TABLE, LoadedView, Loading, TABLE_CLASS, machineSorting } from './table-bits.tsx';
import { WinBackTable } from './win-back-table.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

const TABS: { value: ItemsTab; label: string }[] = [
  { value: 'competition', label: 'Competitive Purchases' },
  { value: 'self', label: 'Distributor Purchases' },
  { value: 'winback', label: 'Win-back' },
];

/** /competitiveinsights/items/:merchant/:merchantId: one merchant's items by tab, filtered and sorted. */
export function ItemsPage() {
  return <WithSection>{(section) => <ItemsScreen section={section} />}</WithSection>;
}

function ItemsScreen({ section }: { section: InsightsSectionRef }) {
  const { merchant = '', merchantId = '' } = useParams();
  const id = Number(merchantId);
  const { banner, screen } = useSelector(section, selectItemsPageView, sameView);
  return (
    <Stack gap="sm">
      <InsightsBreadcrumbs merchant={merchant} merchantId={id} page={null} />
      {banner && (
        <Alert color="blue" withCloseButton closeButtonLabel="Dismiss" onClose={() => section.send({ type: 'insights.bannerDismissed' })} data-testid="redirect-banner">
          {REDIRECT_BANNER}
        </Alert>
      )}
      {screen ? <ItemsCard actor={screen} merchant={merchant} id={id} /> : <Loading />}
    </Stack>
  );
}

function ItemsCard({ actor, merchant, id }: { actor: ActorRefFrom<typeof competitiveItemsMachine>; merchant: string; id: number }) {
  const view = useSelector(actor, selectItemsView);
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const columns = useMemo<MRT_ColumnDef<CompetitiveItem>[]>(
    () => [
      {
        accessorKey: 'description', header: 'Description', size: 210,
        Cell: ({ row }) => (
          <div>
            <Text size="sm">{formatDescription(row.original.description)}</Text>
            <Text size="xs" c="dimmed">{row.original.distributor}</Text>
          </div>
        ),
      },
      { accessorKey: 'manufacturer', header: 'Manufacturer', size: 120 },
      { accessorKey: 'category', header: 'Category', size: 110 },
      { accessorKey: 'quantity', header: 'Qty', size: 65, Cell: ({ row }) => `${row.original.quantity} ${row.original.uom}` },
      { accessorKey: 'volume', header: 'Volume', size: 95, Cell: ({ row }) => formatMoney(row.original.volume) },
      { accessorKey: 'purchase', header: 'Last Order Price', size: 95, Cell: ({ row }) => <LastOrderPriceCell item={row.original} /> },
      { id: 'marketIndex', header: 'Market Index', size: 110, enableSorting: false, Cell: ({ row }) => <MarketIndexCell item={row.original} /> },
      {
        id: 'similar', header: 'Similar Items', size: 80, enableSorting: false,
        Cell: ({ row }) => <Anchor component={Link} size="sm" to={matchesUrl(merchant, row.original, id)}>View</Anchor>,
      },
    ],
    [merchant, id],
  );
  const table = useMantineReactTable({
    columns,
    data: view.rows,
    getRowId: (row) => `${row.distributorPlatformId}|${row.min}`,
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    ...machineSorting(view.sort, (column) => actor.send({ type: 'items.sortChanged', column })),
    mantineTableProps: { striped: true, highlightOnHover: true, className: TABLE_CLASS, 'data-testid': 'insights-items' } as never,
  });

  return (
    <>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" align="flex-end">
            <div>
              <Title order={2} size="h3">{merchant}</Title>
              <Text size="sm" data-testid="total-competitor-volume">
                Total Competitor Volume <b>{view.competitorVolume !== null ? formatMoney(view.competitorVolume) : '…'}</b>
              </Text>
            </div>
            <Button variant="light" onClick={() => navigate(orderHistoryUrl(merchant, id))}>Order History</Button>
          </Group>
          <Tabs value={view.tab} onChange={(t) => t && actor.send({ type: 'items.tabChanged', tab: t as ItemsTab })}>
            <Tabs.List>
              {TABS.map((t) => <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>)}
            </Tabs.List>
            <TabPanels values={TABS.map((t) => t.value)} active={view.tab}>
              {view.tab === 'winback' ? (
                view.winBack ? <WinBackTable actor={view.winBack} scope={{ merchant, merchantId: id }} /> : <Loading />
              ) : (
                <>
                  <Group gap="sm" wrap="wrap">
                    <TextInput
                      placeholder="Search description or manufacturer"
                      aria-label="Search items"
                      value={view.search}
                      onChange={(e) => actor.send({ type: 'items.searchChanged', search: e.currentTarget.value })}
                      w={{ base: '100%', sm: 300 }}
                    />
                    <CheckMenu label="Categories" text={view.categoriesText} options={view.categoryOptions}
                      value={view.categories} onChange={(c) => actor.send({ type: 'items.categoriesChanged', categories: c })} />
                    <CheckMenu label="Items" text={view.itemsText}
                      options={view.itemOptions}
                      value={view.mins} onChange={(m) => actor.send({ type: 'items.itemsChanged', mins: m })} />
                  </Group>
                  <LoadedView failed={view.failed} loading={view.loading} empty={view.rows.length === 0} onRetry={() => actor.send({ type: 'items.retry' })}>
                    {isMobile ? <ItemCards items={view.rows} merchant={merchant} merchantId={id} /> : <MantineReactTable table={table} />}
                  </LoadedView>
                </>
              )}
            </TabPanels>
          </Tabs>
        </Stack>
      </Card>
    </>
  );
}

/** Phones: one card per item. */
function ItemCards({ items, merchant, merchantId }: { items: CompetitiveItem[]; merchant: string; merchantId: number }) {
  return (
    <Stack gap="xs" data-testid="insights-item-cards">
      {items.slice(0, 100).map((i) => (
        <Card key={`${i.distributorPlatformId}|${i.min}`} withBorder padding="xs">
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">{formatDescription(i.description)}</Text>
              <Text size="sm" fw={600}>{formatMoney(i.volume)}</Text>
            </Group>
            <Text size="xs" c="dimmed">{i.distributor} · {i.manufacturer} · {i.quantity} {i.uom}</Text>
            <Anchor component={Link} size="sm" to={matchesUrl(merchant, i, merchantId)}>Similar items</Anchor>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
