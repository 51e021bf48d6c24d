import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import './intel-tables.css';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { formatMoney } from '../../model/format.ts';
import type { IntelMerchant } from '../../model/intel.ts';
import type { intelItemsMachine } from '../../machines/intel/intel-items.ts';
import type { DetailTab } from '../../model/intel-rules.ts';
import { detailCsv, ITEMS_FAILED_MESSAGE, itemKey, selectDetailTableView, selectDetailView, selectItemsPanelView, type DetailRow as Row } from '../../machines/intel/selectors.ts';
import { ExportButton } from '../common/export-button.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { AuthActor } from '../../app-actor.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { sameView, selectActsAsInternalAdmin } from '../../machines/shell/selectors.ts';
import type { IntelRef } from './intel-page.tsx';
import { DeviationCell, ItemDescription, LastOrderPriceCell, MarketIndexCell, RebateCell, SimilarItemsLink } from './intel-item-cells.tsx';
import { SearchBox } from './intel-search.tsx';
import { TabPanels } from '../common/tab-panels.tsx';

/** /intel/detail/{id}/competitive and /distributor: one merchant's items, by whom it bought them from. */
export function IntelDetailPage() {
  return <OwnedPage page="intel">{(intel) => <IntelDetailScreen intel={intel} />}</OwnedPage>;
}

/**
 * The merchant's row arrives with its batch, then the Intel machine starts its items (a child, for
 * this merchant and range); a missing merchant, one with no data or an unknown tab, the machine
 * sends elsewhere (spec §2). Until there is something to show, a loader.
 */
function IntelDetailScreen({ intel }: { intel: IntelRef }) {
  const { row, tab, items } = useSelector(intel, selectDetailView, sameView);
  if (!row || !tab || !items)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  // A new child (another merchant or range) is a new screen, as a new page would be.
  return <DetailItems key={items.sessionId} intel={intel} items={items} row={row} tab={tab} />;
}

/** The list's row carries each seller's volume; its items load in the child, for this merchant and range only. */
function DetailItems({ intel, items, row, tab }: { intel: IntelRef; items: ActorRefFrom<typeof intelItemsMachine>; row: IntelMerchant; tab: DetailTab }) {
  const { failed, merchant } = useSelector(items, (s) => selectItemsPanelView(s, row), sameView);
  if (failed)
    return (
      <Alert color="red" title={row.merchant}>
        <Group justify="space-between">
          <Text size="sm">{ITEMS_FAILED_MESSAGE}</Text>
          <Button size="compact-sm" variant="light" onClick={() => items.send({ type: 'items.retry' })}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  if (!merchant)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading the items of ${row.merchant}`} />
      </Center>
    );
  return <Detail intel={intel} merchant={merchant} tab={tab} />;
}

function Detail({ intel, merchant, tab }: { intel: IntelRef; merchant: IntelMerchant; tab: DetailTab }) {
  const { search, revealed, range, platformId, rows: items } = useSelector(intel, (s) => selectDetailTableView(s, merchant, tab), sameView);
  const canExport = AuthActor.useSelector(selectActsAsInternalAdmin);
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const toggle = useCallback((item: Row) => () => intel.send({ type: 'intel.revealToggled', key: itemKey(item) }), [intel]);
  const columns = useMemo<MRT_ColumnDef<Row>[]>(
    () => [
      { accessorKey: 'description', header: 'Description', size: 200, Cell: ({ row }) => <ItemDescription item={row.original} /> },
      { accessorKey: 'manufacturer', header: 'Manufacturer', size: 115, Cell: ({ row }) => <Text size="sm">{row.original.manufacturer}</Text> },
      { accessorKey: 'packsize', header: 'Pack Size', size: 75 },
      { accessorKey: 'quantity', header: 'Qty', size: 55 },
      { accessorKey: 'uom', header: 'UOM', size: 55 },
      {
        id: 'rebate',
        header: 'Rebate',
        size: 120,
        Cell: ({ row }) => <RebateCell item={row.original} open={revealed === itemKey(row.original)} onToggle={toggle(row.original)} />,
      },
      { id: 'deviation', header: 'Deviated Price', size: 85, Cell: ({ row }) => <DeviationCell item={row.original} open={revealed === itemKey(row.original)} /> },
      { id: 'marketIndex', header: 'Market Index', size: 110, Cell: ({ row }) => <MarketIndexCell item={row.original} /> },
      { accessorKey: 'purchase', header: 'Last Order Price', size: 85, Cell: ({ row }) => <LastOrderPriceCell item={row.original} /> },
      { id: 'similar', header: 'Similar Items', size: 70, Cell: ({ row }) => <SimilarItemsLink item={row.original} merchantPlatformId={platformId} /> },
    ],
    [toggle, revealed, platformId],
  );
  const table = useMantineReactTable({
    columns,
    data: items,
    getRowId: (row) => itemKey(row),
    ...PLAIN_TABLE_OPTIONS,
    enableSorting: false,
    initialState: { density: 'xs' },
    // Long names and ranges wrap between words rather than being cut (the table must fit beside the menu).
    mantineTableBodyCellProps: { style: { whiteSpace: 'normal', overflowWrap: 'anywhere' } },
    mantineTableProps: { striped: true, highlightOnHover: true, className: 'wrapping-table intel-table', 'data-testid': 'intel-detail-table' } as never,
    mantineTableContainerProps: { style: { maxHeight: 'calc(100vh - 320px)', minHeight: 240 } },
    enableStickyHeader: true,
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Anchor component={Link} to="/intel" size="sm">
              Intel
            </Anchor>
            <Title order={2} size="h3">
              {merchant.merchant}
            </Title>
            <Text size="sm" c="dimmed">
              {merchant.dcn || '--'} · Total {formatMoney(merchant.totalVolume)} · Competitors {formatMoney(merchant.competitorVolume)}
            </Text>
          </div>
          {canExport && items.length > 0 && (
            <ExportButton label={`Export ${tab} details`} build={() => detailCsv(merchant, tab, range)} size="compact-sm" />
          )}
        </Group>
        <Tabs value={tab} onChange={(t) => t && navigate(`/intel/detail/${merchant.id}/${t}`)}>
          <Tabs.List>
            <Tabs.Tab value="competitive">Competitive Purchases</Tabs.Tab>
            <Tabs.Tab value="distributor">Distributor Purchases</Tabs.Tab>
          </Tabs.List>
          <TabPanels values={['competitive', 'distributor']} active={tab}>
            <SearchBox key={tab} applied={search} label="Search description or manufacturer" placeholder="Description or manufacturer" onApply={(s) => intel.send({ type: 'intel.detailSearchApplied', search: s })} />
            {items.length === 0 ? (
              <Center py="xl">
                <Text c="dimmed">No data found</Text>
              </Center>
            ) : isMobile ? (
              <ItemCards items={items} revealed={revealed} platformId={platformId} onToggle={toggle} />
            ) : (
              <MantineReactTable table={table} />
            )}
          </TabPanels>
        </Tabs>
      </Stack>
    </Card>
  );
}

/** Phones: one card per item, so Reveal is on screen rather than at the end of a wide table. */
function ItemCards({ items, revealed, platformId, onToggle }: { items: Row[]; revealed: string | null; platformId: string; onToggle: (item: Row) => () => void }) {
  return (
    <Stack gap="xs" data-testid="intel-detail-cards">
      {items.map((item) => (
        <Card key={itemKey(item)} withBorder padding="xs">
          <Stack gap={4}>
            <ItemDescription item={item} />
            <Text size="xs" c="dimmed">
              {item.manufacturer} · {item.packsize} · {item.quantity} {item.uom}
            </Text>
            <Group justify="space-between" wrap="nowrap">
              <RebateCell item={item} open={revealed === itemKey(item)} onToggle={onToggle(item)} />
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  Deviated
                </Text>
                <DeviationCell item={item} open={revealed === itemKey(item)} />
              </Group>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  Market Index
                </Text>
                <MarketIndexCell item={item} />
              </Group>
              <Group gap={4} wrap="nowrap">
                <Text size="sm">Last</Text>
                <LastOrderPriceCell item={item} />
              </Group>
            </Group>
            <SimilarItemsLink item={item} merchantPlatformId={platformId} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
