import { Alert, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { checkDetailsMachine } from '../../machines/payments/check-details.ts';
import { formatMoney } from '../../model/format.ts';
import { breakdownCsvName, breakdownRows, voucherName } from '../../model/rebate-checks.ts';
import { downloadCsv } from '../common/export-button.tsx';
import { CheckDonut } from './check-donut.tsx';

type DetailsActor = ActorRefFrom<typeof checkDetailsMachine>;
type Snapshot = SnapshotFrom<typeof checkDetailsMachine>;

const selectCheck = (s: Snapshot) => s.context.check;
const selectShown = (s: Snapshot) => s.context.shown;
const selectTimeframe = (s: Snapshot) => s.context.timeframe ?? '';
const selectError = (s: Snapshot) => s.context.error;
const selectLoading = (s: Snapshot) => s.matches('loading') || s.matches('loadingQuarters');
const selectFailed = (s: Snapshot) => s.matches('failure');
const selectVoucherOpen = (s: Snapshot) => s.matches('voucher');
const selectVoucherUrl = (s: Snapshot) => s.context.voucherUrl;

/** A check's payment amount, its two donuts, Export Data and View Voucher (side panel and merchant page). */
export function CheckDetailsView({ actor }: { actor: DetailsActor }) {
  const check = useSelector(actor, selectCheck);
  const shown = useSelector(actor, selectShown);
  const timeframe = useSelector(actor, selectTimeframe);
  const error = useSelector(actor, selectError);
  const loading = useSelector(actor, selectLoading);
  const failed = useSelector(actor, selectFailed);
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
            {check.paymentmethod === 'Check' ? `Check ${check.checkno ?? ''}` : `ACH ${check.checkno ?? ''}`} · {check.paymentrouting ?? '--'}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="light" size="xs" leftSection={<IconDownload size={14} />}
            onClick={() => downloadCsv({ fileName: breakdownCsvName(timeframe, check.merchant), rows: breakdownRows(check) })}>
            Export Data
          </Button>
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
      <VoucherModal actor={actor} fileName={voucherName(timeframe, check.merchant)} />
    </Stack>
  );
}

function VoucherModal({ actor, fileName }: { actor: DetailsActor; fileName: string }) {
  const opened = useSelector(actor, selectVoucherOpen);
  const url = useSelector(actor, selectVoucherUrl);
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
