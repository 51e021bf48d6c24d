import { Alert, Anchor, Badge, Button, Card, Center, FileInput, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { purchaseImportMachine } from '../../machines/admin-import/purchase-import.ts';
import { IMPORT_COLUMNS, isImportFinished, sameView, selectImportView } from '../../machines/admin-import/selectors.ts';
import type { ImportJob, ImportJobStatus } from '../../model/purchase-import.ts';
import { OwnedPage } from '../shell/owned-page.tsx';

const n = (x: number) => x.toLocaleString('en-US');
const rows = (x: number) => `${n(x)} ${x === 1 ? 'row' : 'rows'}`;
const STATUS: Record<ImportJobStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  loaded: { label: 'Loaded', color: 'green' },
  'already-loaded': { label: 'Already loaded', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

/** /admin-panel/import: internal admins load a GPO's purchase file (docs/import.md) and follow its import. */
export function PurchaseImportPage() {
  return <OwnedPage page="adminImport">{(page) => <PurchaseImportScreen actor={page} />}</OwnedPage>;
}

function PurchaseImportScreen({ actor }: { actor: ActorRefFrom<typeof purchaseImportMachine> }) {
  const { jobs, loading, uploading, busy, percent, error, current, rejectsOf, mayDownload } = useSelector(actor, selectImportView, sameView);
  const [file, setFile] = useState<File | null>(null);
  const download = (job: ImportJob) => actor.send({ type: 'import.rejectsRequested', job });

  return (
    <Center p="md" bg="gray.0" mih="100vh" style={{ alignItems: 'flex-start' }}>
      <Stack w="100%" maw={800} gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Import Purchase Data
          </Title>
          <Anchor component={Link} to="/admin-login" size="sm">
            Back To Login
          </Anchor>
        </Group>
        <Card withBorder>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (file) actor.send({ type: 'import.fileChosen', file: { name: file.name, size: file.size, file } });
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                A CSV, or an Excel workbook (.xlsx, its first sheet), with a header row of these columns (the optional ones may be left out); the same file loaded twice adds nothing,
                and a file is loaded whole or not at all.
              </Text>
              <Text ff="monospace" size="xs" bg="gray.1" p="xs" style={{ overflowWrap: 'anywhere' }}>
                {IMPORT_COLUMNS.join(',')}
              </Text>
              <Group align="flex-end" wrap="wrap">
                <FileInput
                  label="Purchase file (.csv or .xlsx)"
                  placeholder="Choose a file"
                  accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  leftSection={<IconFileSpreadsheet size={16} />}
                  value={file}
                  onChange={setFile}
                  disabled={busy}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
                  flex={1}
                  miw={240}
                />
                <Button type="submit" disabled={!file || busy} loading={uploading}>
                  Import
                </Button>
              </Group>
              {error && (
                <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => actor.send({ type: 'import.dismissed' })}>
                  {error}
                </Alert>
              )}
              {uploading && (
                <Stack gap={4}>
                  <Text size="sm">Sending the file… {percent}%</Text>
                  <Progress value={percent} aria-label="File sent" />
                </Stack>
              )}
              {current && <JobProgress job={current} />}
            </Stack>
          </form>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Recent imports
          </Title>
          {loading ? (
            <Center py="md">
              <Loader size="sm" />
            </Center>
          ) : jobs.length === 0 ? (
            <Text c="dimmed" size="sm">
              No imports yet.
            </Text>
          ) : (
            // A phone scrolls the table sideways: the keyboard can too (the region takes focus).
            <Table.ScrollContainer minWidth={620} type="native" tabIndex={0} role="region" aria-label="Recent imports">
              <Table striped data-testid="import-jobs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Rows</Table.Th>
                    <Table.Th ta="right">Lines loaded</Table.Th>
                    <Table.Th ta="right">Rejected</Table.Th>
                    <Table.Th>Started</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {jobs.map((job) => (
                    <Table.Tr key={job.id}>
                      <Table.Td>
                        {job.fileName}
                        {job.status === 'failed' && job.message && (
                          <Text size="xs" c="red" data-testid="import-job-reason">
                            {job.message}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {/* Never narrower than its word: a long reason in the row would squeeze it to "FAI…". */}
                        <Badge color={STATUS[job.status].color} variant="light" miw="max-content">
                          {STATUS[job.status].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{n(job.rowsRead)}</Table.Td>
                      <Table.Td ta="right">{n(job.linesLoaded)}</Table.Td>
                      <Table.Td ta="right">
                        {job.hasRejects ? (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<IconDownload size={14} />}
                            loading={rejectsOf === job.id}
                            disabled={!mayDownload}
                            onClick={() => download(job)}
                            aria-label={`Download the ${n(job.rejects)} rejected rows of ${job.fileName}`}
                          >
                            {n(job.rejects)}
                          </Button>
                        ) : (
                          n(job.rejects)
                        )}
                      </Table.Td>
                      <Table.Td>{dayjs(job.startedAt ?? job.createdAt).format('MM/DD/YYYY HH:mm')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
    </Center>
  );
}

/** The import the admin just started (or the one running): live counts, then its summary. */
function JobProgress({ job }: { job: ImportJob }) {
  if (!isImportFinished(job.status))
    return (
      <Alert color="blue" icon={<Loader size="xs" />} data-testid="import-progress">
        <Text size="sm" fw={600}>
          {job.fileName}: {job.status === 'queued' ? 'waiting for the importer…' : `${job.stage ?? 'reading rows'}…`}
        </Text>
        <Text size="sm">
          {n(job.rowsRead)} rows read · {n(job.rejects)} rejected
        </Text>
      </Alert>
    );
  if (job.status === 'failed')
    return (
      <Alert color="red" title={`${job.fileName} was not imported`} data-testid="import-summary">
        {job.message}
      </Alert>
    );
  return (
    <Alert color={job.status === 'loaded' ? 'green' : 'yellow'} title={job.fileName} data-testid="import-summary">
      {job.status === 'loaded'
        ? `Loaded ${n(job.linesLoaded)} purchase lines from ${n(job.rowsRead)} rows (batch ${job.batchId}); ${rows(job.rejects)} rejected. The dashboard shows them now.`
        : `This file was already loaded (batch ${job.batchId}): nothing was added.`}
    </Alert>
  );
}
