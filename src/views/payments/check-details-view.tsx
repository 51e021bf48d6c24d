import { Alert, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checkDetailsMachine } from '../../machines/payments/check-details.ts';
import { selectVoucherView, selectCheckDetailsView, paymentLabel, selectBreakdownCsv } from '../../machines/payments/selectors.ts';
import { formatMoney } from '../../model/format.ts';
import { ExportButton } from '../common/export-button.tsx';
import { CheckDonut } from './check-donut.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

type DetailsActor = ActorRefFrom<typeof checkDetailsMachine>;

/** A check's payment amount, its two donuts, Export Data and View Voucher (side panel and merchant page). */
export function CheckDetailsView({ actor }: { actor: DetailsActor }) {
  const { check, shown, voucherName, error, loading, failed } = useSelector(actor, selectCheckDetailsView, sameView);
  if (loading)
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the check" />
      </Center>
    );
  if (failed)
    return (
      <Stack align="center" py="xl" gap="sm">
        <Text c="red.9" role="alert">
          {error}
        </Text>
        <Button size="xs" variant="light" onClick={() => actor.send({ type: 'details.retry' })}>
          Retry
        </Button>
      </Stack>
    );
  if (!check)
    return (
      <Center py="xl">
        <Text c="dimmed" role="status">
          {error}
        </Text>
      </Center>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            Payment amount
          </Text>
          <Text fw={700} size="xl" data-testid="payment-amount">
            {formatMoney(check.amount)}
          </Text>
          <Text size="sm" c="dimmed">
            {paymentLabel(check)} · {check.paymentrouting ?? '--'}
          </Text>
        </div>
        <Group gap="xs">
          <ExportButton variant="light" size="xs" text="Export Data" label="Export Data" from={actor} select={selectBreakdownCsv} />
          <Button size="xs" leftSection={<IconFileTypePdf size={14} />} onClick={() => actor.send({ type: 'voucher.open' })}>
            View Voucher
          </Button>
        </Group>
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <CheckDonut title="Locations" slices={check.toMerchantsCheckBreakdown.map((s) => ({ name: s.merchant, amount: s.amount }))} shown={shown.locations}
          onMore={() => actor.send({ type: 'details.more', donut: 'locations' })} onLess={() => actor.send({ type: 'details.less', donut: 'locations' })} />
        <CheckDonut title="Manufacturers" slices={check.fromManufacturersCheckBreakdown.map((s) => ({ name: s.manufacturer, amount: s.amount }))} shown={shown.manufacturers}
          onMore={() => actor.send({ type: 'details.more', donut: 'manufacturers' })} onLess={() => actor.send({ type: 'details.less', donut: 'manufacturers' })} />
      </SimpleGrid>
      <VoucherModal actor={actor} fileName={voucherName} />
    </Stack>
  );
}

function VoucherModal({ actor, fileName }: { actor: DetailsActor; fileName: string }) {
  const { opened, url } = useSelector(actor, selectVoucherView, sameView);
  return (
    <Modal opened={opened} onClose={() => actor.send({ type: 'voucher.close' })} title="Voucher" size="xl" closeButtonProps={{ 'aria-label': 'Close the voucher' }}>
      {url ? (
        <Stack gap="sm">
          <iframe src={url} title="Voucher PDF" style={{ width: '100%', height: '70vh', border: '1px solid #dee2e6' }} />
          <Group justify="flex-end">
            <Button component="a" href={url} download={fileName} leftSection={<IconDownload size={14} />}>
              Download
            </Button>
          </Group>
        </Stack>
      ) : (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the voucher" />
        </Center>
      )}
    </Modal>
  );
}
