import '@mantine/dates/styles.css';
import { Alert, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import type { ActorRefFrom } from 'xstate';
import type { debugDetailsMachine } from '../../machines/intel/debug-details.ts';
import { formatMoney, formatPercent } from '../../model/format.ts';
import { describeItem, marketIndex, selectDebugView } from '../../machines/intel/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';
import { RangeInput } from '../common/range-input.tsx';
import { OwnedPage } from '../shell/owned-page.tsx';

/** The debug page's purpose: an admin copies what the server answered into the browser console. */
const sendToConsole = (label: string, value: unknown) => console.log(label, value);

/** /debug_details/{id}: internal admins only (the page's machine sends others to the dashboard). */
export function DebugDetailsPage() {
  return <OwnedPage page="intelDebug">{(page) => <DebugDetailsScreen page={page} />}</OwnedPage>;
}

function DebugDetailsScreen({ page }: { page: ActorRefFrom<typeof debugDetailsMachine> }) {
  const { refused, loading, details, error, range } = useSelector(page, selectDebugView, sameView);
  if (refused) return null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          Debug Details
        </Title>
        <RangeInput range={range} onChange={(r) => page.send({ type: 'debug.rangeChanged', range: r })} />
      </Group>
      {loading && (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      )}
      {error && <Alert color="red">{error}</Alert>}
      {details && (
        <>
          <Card withBorder>
            <Group justify="space-between">
              <div>
                <Text fw={600}>{details.merchant.merchant}</Text>
                <Text size="sm" c="dimmed">
                  {details.merchant.platformId} · {details.merchant.dcn || '--'}
                </Text>
              </div>
              <Button size="compact-sm" variant="light" onClick={() => sendToConsole('merchant', details.merchant)}>
                Send to console
              </Button>
            </Group>
          </Card>
          <Card withBorder>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                Distributors
              </Title>
              <Button size="compact-sm" variant="light" onClick={() => sendToConsole('distributors', details.distributors)}>
                Send to console
              </Button>
            </Group>
            <Table.ScrollContainer minWidth={640}>
              <Table striped data-testid="debug-distributors">
                <Table.Thead>
                  <Table.Tr>
                    {['DCN', 'Distributor', 'Platform Id', 'Volume', 'Competitor', 'Preferred', 'Share', ''].map((h) => (
                      <Table.Th key={h}>{h}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {details.distributors.map((d) => (
                    <Table.Tr key={d.distributorPlatformId}>
                      <Table.Td>{d.dcn || '--'}</Table.Td>
                      <Table.Td>{d.distributor}</Table.Td>
                      <Table.Td>{d.distributorPlatformId}</Table.Td>
                      <Table.Td>{formatMoney(d.volume)}</Table.Td>
                      <Table.Td>{d.competitor ? 'Y' : 'N'}</Table.Td>
                      <Table.Td>{d.isPreferredDistributor ? 'Y' : 'N'}</Table.Td>
                      <Table.Td>{formatPercent(d.percentage, 1)}</Table.Td>
                      <Table.Td>
                        <Button size="compact-xs" variant="subtle" onClick={() => sendToConsole('distributor', d)}>
                          Send to console
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Card withBorder>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h4">
                Items ({details.items.length})
              </Title>
              <Button size="compact-sm" variant="light" onClick={() => sendToConsole('items', details.items)}>
                Send to console
              </Button>
            </Group>
            {details.items.length === 0 ? (
              <Text c="dimmed">No data found</Text>
            ) : (
              <Table.ScrollContainer minWidth={800}>
                <Table striped data-testid="debug-items">
                  <Table.Thead>
                    <Table.Tr>
                      {['Distributor', 'MIN', 'Description', 'Manufacturer', 'Qty', 'Market Index', 'Last Order Price', 'Invoice', ''].map((h) => (
                        <Table.Th key={h}>{h}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {details.items.map((i) => (
                      <Table.Tr key={`${i.distributor}|${i.min}`}>
                        <Table.Td>{i.distributor}</Table.Td>
                        <Table.Td>{i.min}</Table.Td>
                        <Table.Td>{describeItem(i)}</Table.Td>
                        <Table.Td>{i.manufacturer}</Table.Td>
                        <Table.Td>{i.quantity}</Table.Td>
                        <Table.Td>{marketIndex(i)}</Table.Td>
                        <Table.Td>{formatMoney(i.purchase)}</Table.Td>
                        <Table.Td>
                          {i.invoice_id} ({dayjs(i.invoice_date).format('MM/DD/YYYY')})
                        </Table.Td>
                        <Table.Td>
                          <Button size="compact-xs" variant="subtle" onClick={() => sendToConsole('item', i)}>
                            Send to console
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
