import { Alert, Anchor, Button, Card, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useActorRef, useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { competitiveItemsMachine } from '../../machines/insights/competitive-items.ts';
import { formatMoney } from '../../model/format.ts';
import type { CompetitiveItem } from '../../model/insights.ts';
import {
  categoriesLabel, itemsLabel, matchesUrl, orderHistoryUrl, REDIRECT_BANNER, selectBanner, selectRange, visibleItems,
} from '../../machines/insights/selectors.ts';
import { formatDescription } from '../../model/rebate-format.ts';
import { TabPanels } from '../common/tab-panels.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { MarketIndexCell } from '../intel/intel-item-cells.tsx';
import { CheckMenu } from './check-menu.tsx';
import { InsightsBreadcrumbs } from './insights-breadcrumbs.tsx';
import type { ItemsTab } from '../../model/insights-rules.ts';
import { InsightsActor } from './insights-actor.ts';
import { INSIGHTS_TABLE, LoadedView, TABLE_CLASS, machineSorting } from './table-bits.tsx';
import { useInsightsVisited } from './use-insights-visited.ts';
import { WinBackTable } from './win-back-table.tsx';

const TABS: { value: ItemsTab; label: string }[] = [
  { value: 'competition', label: 'Competitive Purchases' },
  { value: 'self', label: 'Distributor Purchases' },
  { value: 'winback', label: 'Win-back' },
];

/** The items to choose from: those of the chosen categories (all without a choice). */
const itemOptions = (items: CompetitiveItem[], categories: string[]) => [
  ...new Map(items.filter((i) => categories.length === 0 || categories.includes(i.category))
    .map((i) => [i.min, { value: i.min, label: formatDescription(i.description) }])).values(),
];

const unique = (values: string[]) => [...new Set(values)].sort().map((v) => ({ value: v, label: v }));

/** /competitiveinsights/items/:merchant/:merchantId: one merchant's items by tab, filtered and sorted. */
export function ItemsPage() {
  useInsightsVisited();
  const { merchant = '', merchantId = '' } = useParams();
  const id = Number(merchantId);
  const section = InsightsActor.useActorRef();
  const range = InsightsActor.useSelector(selectRange);
  const banner = InsightsActor.useSelector(selectBanner);
  const actor = useActorRef(competitiveItemsMachine, { input: { merchantId: id, range, section } });
  const state = useSelector(actor, (s) => s.value);
  const data = useSelector(actor, (s) => s.context.data);
  const tab = useSelector(actor, (s) => s.context.tab);
  const search = useSelector(actor, (s) => s.context.search);
  const categories = useSelector(actor, (s) => s.context.categories);
  const mins = useSelector(actor, (s) => s.context.mins);
  const sort = useSelector(actor, (s) => s.context.sort);
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const tabItems = useMemo(() => (data ? (tab === 'self' ? data.self : data.competition) : []), [data, tab]);
  const shown = useMemo(() => visibleItems(tabItems, { search, categories, mins }, sort), [tabItems, search, categories, mins, sort]);
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
      { accessorKey: 'purchase', header: 'Last Order Price', size: 95, Cell: ({ row }) => formatMoney(row.original.purchase) },
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
    data: shown,
    getRowId: (row) => `${row.distributorPlatformId}|${row.min}`,
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    ...machineSorting(sort, (column) => actor.send({ type: 'items.sortChanged', column })),
    mantineTableProps: { striped: true, highlightOnHover: true, className: TABLE_CLASS, 'data-testid': 'insights-items' } as never,
  });

  return (
    <Stack gap="sm">
      <InsightsBreadcrumbs merchant={merchant} merchantId={id} page={null} />
      {banner && (
        <Alert color="blue" withCloseButton closeButtonLabel="Dismiss" onClose={() => section.send({ type: 'insights.bannerDismissed' })} data-testid="redirect-banner">
          {REDIRECT_BANNER}
        </Alert>
      )}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" align="flex-end">
            <div>
              <Title order={2} size="h3">{merchant}</Title>
              <Text size="sm" data-testid="total-competitor-volume">
                Total Competitor Volume <b>{data ? formatMoney(data.competitorVolume) : '…'}</b>
              </Text>
            </div>
            <Button variant="light" onClick={() => navigate(orderHistoryUrl(merchant, id))}>Order History</Button>
          </Group>
          <Tabs value={tab} onChange={(t) => t && actor.send({ type: 'items.tabChanged', tab: t as ItemsTab })}>
            <Tabs.List>
              {TABS.map((t) => <Tabs.Tab key={t.value} value={t.value}>{t.label}</Tabs.Tab>)}
            </Tabs.List>
            <TabPanels values={TABS.map((t) => t.value)} active={tab}>
              {tab === 'winback' ? (
                <WinBackTable scope={{ merchant, merchantId: id }} />
              ) : (
                <>
                  <Group gap="sm" wrap="wrap">
                    <TextInput
                      placeholder="Search description or manufacturer"
                      aria-label="Search items"
                      value={search}
                      onChange={(e) => actor.send({ type: 'items.searchChanged', search: e.currentTarget.value })}
                      w={{ base: '100%', sm: 300 }}
                    />
                    <CheckMenu label="Categories" text={categoriesLabel(categories.length)} options={unique(tabItems.map((i) => i.category))}
                      value={categories} onChange={(c) => actor.send({ type: 'items.categoriesChanged', categories: c })} />
                    <CheckMenu label="Items" text={itemsLabel(mins.length)}
                      options={itemOptions(tabItems, categories)}
                      value={mins} onChange={(m) => actor.send({ type: 'items.itemsChanged', mins: m })} />
                  </Group>
                  <LoadedView failed={state === 'failed'} loading={state === 'loading'} empty={shown.length === 0} onRetry={() => actor.send({ type: 'items.retry' })}>
                    {isMobile ? <ItemCards items={shown} merchant={merchant} merchantId={id} /> : <MantineReactTable table={table} />}
                  </LoadedView>
                </>
              )}
            </TabPanels>
          </Tabs>
        </Stack>
      </Card>
    </Stack>
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
