import { Button, Group, Table } from '@mantine/core';
import { formatMoney } from '../../model/format.ts';
import { selectLostVolumeCsv, selectLostVolumeView } from '../../machines/dashboard/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { CardWaiting } from './card-body.tsx';
import { DashboardCard, NoResults } from './dashboard-card.tsx';
import { ExportButton } from '../common/export-button.tsx';

/** Locations whose volume at the active house fell from two months ago to last month. */
export function LostVolumeCard({ canExport }: { canExport: boolean }) {
  const actor = DashboardActor.useActorRef();
  const lost = DashboardActor.useSelector(selectLostVolumeView, sameView);
  return (
    <DashboardCard
      title="Customers With Lost Volume Month over Month"
      actions={canExport && !lost.loading && !lost.empty && <ExportButton label="Export lost volume" from={actor} select={selectLostVolumeCsv} />}
    >
      {lost.loading ? (
        <CardWaiting label="Loading lost volume" />
      ) : lost.empty ? (
        <NoResults />
      ) : (
        <>
          <Table verticalSpacing={6} aria-label="Customers with lost volume">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Location</Table.Th>
                <Table.Th ta="right">Two Months Ago</Table.Th>
                <Table.Th ta="right">Last Month</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lost.rows.map((row) => (
                <Table.Tr key={row.locationName}>
                  <Table.Td>{row.locationName}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.twoMonthsAgoPurchase)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.lastMonthPurchase)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th ta="right">{formatMoney(lost.totalTwoMonthsAgo)}</Table.Th>
                <Table.Th ta="right">{formatMoney(lost.totalLastMonth)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          {lost.more && (
            <Group justify="center" mt="xs">
              <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: 'dashboard.rowsResized', card: 'lostVolume', direction: 'more' })}>
                Show more
              </Button>
            </Group>
          )}
        </>
      )}
    </DashboardCard>
  );
}
