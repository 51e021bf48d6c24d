import { Table, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { formatMoney } from '../../model/format.ts';
import { selectCategoriesLostCsv, selectDashboard } from '../../machines/dashboard/selectors.ts';
import { DashboardActor } from './dashboard-actor.ts';
import { DashboardCard, NoResults } from './dashboard-card.tsx';
import { ExportButton } from '../common/export-button.tsx';
import { CardBody } from './card-body.tsx';

export function LostCategoriesCard({ canExport }: { canExport: boolean }) {
  const data = DashboardActor.useSelector(selectDashboard);
  const actor = DashboardActor.useActorRef();
  const navigate = useNavigate();
  const rows = data?.lostItemCategories ?? [];
  return (
    <DashboardCard
      title="Top Categories Lost to Competitors"
      actions={canExport && data && <ExportButton label="Export categories lost" from={actor} select={selectCategoriesLostCsv} />}
    >
      <CardBody>
        {rows.length === 0 ? (
          <NoResults />
        ) : (
          <Table highlightOnHover verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Volume</Table.Th>
                <Table.Th ta="right">Est. Rebates</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.category}>
                  <Table.Td>
                    <UnstyledButton
                      c="var(--mantine-color-anchor)"
                      fz="sm"
                      onClick={() => navigate(`/competitiveinsights?category=${encodeURIComponent(c.category)}`)}
                    >
                      {c.category}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td ta="right">{formatMoney(c.volume)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(c.rebate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </CardBody>
    </DashboardCard>
  );
}
