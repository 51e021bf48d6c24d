import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from 'mantine-react-table';
import 'mantine-react-table/styles.css';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { winBackMachine } from '../../machines/insights/win-back.ts';
import { formatMoney } from '../../model/format.ts';
import type { WinBackRow } from '../../model/insights.ts';
import { matchesUrl, MONEY_AT_STAKE_HELP, selectWinBackView, winBackExport } from '../../machines/insights/selectors.ts';
import { formatDescription, formatRebate } from '../../model/rebate-format.ts';
import { ColumnHelp } from '../common/column-help.tsx';
import { ExportButton } from '../common/export-button.tsx';
import { PLAIN_TABLE_OPTIONS } from '../common/plain-table-options.ts';
import { INSIGHTS_TABLE, LoadFailed, Loading, NoData, TABLE_CLASS } from './table-bits.tsx';

/** Where a row's Similar Items link goes: this section's page for a merchant, the rebates area's for the house. */
export type WinBackScope = { merchant: string; merchantId: number } | null;

const similarUrl = (r: WinBackRow, scope: WinBackScope) =>
  scope ? matchesUrl(scope.merchant, r, scope.merchantId)
    : ['/rebates/matches', ...[r.description, r.min, r.manufacturerPlatformId, '-'].map(encodeURIComponent)].join('/');

const rebateText = (r: WinBackRow) =>
  r.replacement?.rebateType && r.replacement.rebateValue !== null ? formatRebate(r.replacement.rebateType, r.replacement.rebateValue) : '--';

function HouseItem({ row }: { row: WinBackRow }) {
  if (!row.replacement) return <Text size="sm" c="dimmed">No similar item carried</Text>;
  return (
    <div>
      <Text size="sm">{formatDescription(row.replacement.description)}</Text>
      <Group gap={4}>
        <Text size="xs" c="dimmed">MIN {row.replacement.min}</Text>
        {row.replacement.recommended && <Badge size="xs" variant="light">Recommended</Badge>}
      </Group>
    </div>
  );
}

/**
 * The win-back list (docs/insights.md): items bought from competitors, the house's best similar
 * item for each, its rebate and deviated price, and the money at stake, largest first. The list's
 * actor is the section's (the house's list) or the items page's (a merchant's).
 */
export function WinBackTable({ actor, scope }: { actor: ActorRefFrom<typeof winBackMachine>; scope: WinBackScope }) {
  const { loading, failed, list, range } = useSelector(actor, selectWinBackView);
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const columns = useMemo<MRT_ColumnDef<WinBackRow>[]>(
    () => [
      {
        accessorKey: 'description', header: 'Item bought elsewhere', size: 200,
        Cell: ({ row }) => (
          <div>
            <Text size="sm">{formatDescription(row.original.description)}</Text>
            <Text size="xs" c="dimmed">{row.original.manufacturer} · MIN {row.original.min}</Text>
          </div>
        ),
      },
      { accessorKey: 'quantity', header: 'Qty', size: 60 },
      { accessorKey: 'competitorVolume', header: 'Competitor Volume', size: 105, Cell: ({ row }) => formatMoney(row.original.competitorVolume) },
      { id: 'house', header: 'House Item', size: 190, Cell: ({ row }) => <HouseItem row={row.original} /> },
      { id: 'rebate', header: 'Rebate', size: 80, Cell: ({ row }) => rebateText(row.original) },
      { id: 'deviation', header: 'Deviated Price', size: 90, Cell: ({ row }) => (row.original.replacement?.deviationValue != null ? formatMoney(row.original.replacement.deviationValue) : '--') },
      { accessorKey: 'estimatedRebate', header: 'Estimated Rebate', size: 95, Cell: ({ row }) => formatMoney(row.original.estimatedRebate) },
      {
        accessorKey: 'moneyAtStake', header: 'Money At Stake', size: 120,
        Header: () => <ColumnHelp label="Money At Stake" help={MONEY_AT_STAKE_HELP} />,
        Cell: ({ row }) => <Text size="sm" fw={600}>{formatMoney(row.original.moneyAtStake)}</Text>,
      },
      { id: 'similar', header: 'Similar Items', size: 80, Cell: ({ row }) => <Anchor component={Link} size="sm" to={similarUrl(row.original, scope)}>View</Anchor> },
    ],
    [scope],
  );
  const table = useMantineReactTable({
    columns,
    data: list?.rows ?? [],
    getRowId: (row) => row.min,
    ...PLAIN_TABLE_OPTIONS,
    ...INSIGHTS_TABLE,
    enableSorting: false,
    enablePagination: true,
    enableBottomToolbar: true,
    initialState: { density: 'xs', pagination: { pageIndex: 0, pageSize: 25 } },
    mantineTableProps: { striped: true, highlightOnHover: true, className: TABLE_CLASS, 'data-testid': 'win-back-table' } as never,
  });
  if (failed) return <LoadFailed onRetry={() => actor.send({ type: 'winback.retry' })} />;
  if (loading || !list) return <Loading />;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="win-back-total">
          Money at stake <b>{formatMoney(list.totalAtStake)}</b> · estimated rebates from the house <b>{formatMoney(list.totalRebate)}</b>
        </Text>
        {list.rows.length > 0 && (
          <ExportButton label="Export the win-back list" size="compact-sm" build={() => winBackExport(list, scope?.merchant ?? 'house', range)} />
        )}
      </Group>
      {list.rows.length === 0 ? <NoData /> : isMobile ? <WinBackCards rows={list.rows} scope={scope} /> : <MantineReactTable table={table} />}
    </Stack>
  );
}

/** Phones: one card per item, the money first. */
function WinBackCards({ rows, scope }: { rows: WinBackRow[]; scope: WinBackScope }) {
  return (
    <Stack gap="xs" data-testid="win-back-cards">
      {rows.slice(0, 50).map((r) => (
        <Card key={r.min} withBorder padding="xs">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">{formatDescription(r.description)}</Text>
              <Stack gap={0} align="flex-end">
                <Text size="sm" fw={600}>{formatMoney(r.moneyAtStake)}</Text>
                <Text size="xs" c="dimmed" component="div"><ColumnHelp label="at stake" help={MONEY_AT_STAKE_HELP} /></Text>
              </Stack>
            </Group>
            <Text size="xs" c="dimmed">{r.quantity} bought elsewhere · MIN {r.min}</Text>
            <HouseItem row={r} />
            <Group justify="space-between">
              <Text size="xs">Rebate {rebateText(r)} · estimated {formatMoney(r.estimatedRebate)}</Text>
              <Anchor component={Link} size="sm" to={similarUrl(r, scope)}>Similar items</Anchor>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
