import { Alert, Button, Card, FileButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMachine } from '@xstate/react';
import { checksDataMachine } from '../../machines/checks-data/checks-data.ts';
import { CHECKS_DATA_LABELS, CHECKS_DATA_TYPES, COLUMNS } from '../../machines/checks-data/selectors.ts';

const ACCEPT = '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** Checks Data: a spreadsheet of checks and/or their details made into a PDF of vouchers and details. */
export function ChecksDataSection() {
  const [snapshot, send] = useMachine(checksDataMachine);
  const { error, saved } = snapshot.context;
  const busy = snapshot.matches('reading') || snapshot.matches('converting');
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Checks Data
          </Title>
          <Button variant={snapshot.matches('closed') ? 'filled' : 'light'} onClick={() => send({ type: 'checksData.toggled' })} aria-expanded={!snapshot.matches('closed')}>
            Checks Data
          </Button>
        </Group>
        {!snapshot.matches('closed') && (
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
                <Text size="sm">{snapshot.matches('reading') ? 'Reading the file…' : 'Making the PDF…'}</Text>
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
