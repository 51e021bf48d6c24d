import { Alert, Button, Card, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { checksDataMachine } from '../../machines/checks-data/checks-data.ts';
import { CHECKS_DATA_LABELS, CHECKS_DATA_TYPES, COLUMNS, sameView, selectChecksDataView } from '../../machines/checks-data/selectors.ts';

const ACCEPT = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** Checks Data: a spreadsheet of checks and/or their details made into a PDF of vouchers and details. */
export function ChecksDataSection({ actor }: { actor: ActorRefFrom<typeof checksDataMachine> }) {
  const { open, busy, busyText, error, saved } = useSelector(actor, selectChecksDataView, sameView);
  const send = actor.send;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Checks Data
          </Title>
          <Button variant={open ? 'light' : 'filled'} onClick={() => send({ type: 'checksData.toggled' })} aria-expanded={open}>
            Checks Data
          </Button>
        </Group>
        {open && (
          <>
            <Text size="sm" c="dimmed">
              The first sheet is read; its header row names the columns ({Object.values(COLUMNS).join(', ')}). The PDF is named after the first row’s {COLUMNS.relationship}.
            </Text>
            <Group gap="sm">
              {CHECKS_DATA_TYPES.map((kind) => (
                <FileButton key={kind} accept={ACCEPT} disabled={busy} onChange={(file) => file && send({ type: 'checksData.fileChosen', kind, file })}>
                  {(props) => (
                    <Button {...props} variant="outline" leftSection={<IconFileSpreadsheet size={16} />}>
                      {CHECKS_DATA_LABELS[kind]}
                    </Button>
                  )}
                </FileButton>
              ))}
            </Group>
            {busy && (
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{busyText}</Text>
              </Group>
            )}
            {error && <Alert color="red" role="alert">{error}</Alert>}
            {saved && <Alert color="green" role="status">Downloaded {saved}</Alert>}
          </>
        )}
      </Stack>
    </Card>
  );
}
