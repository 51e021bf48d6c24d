import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { neutraliseRows } from '../model/csv-cells.ts';
import type { CsvExport } from '../model/dashboard-exports.ts';
import { rebatesDetailsExport, rebatesExport } from '../model/rebate-export.ts';
import type { RebateRow } from '../model/rebates.ts';

// Same download as the dashboard's ExportButton, which has no way to change its text.
function download({ fileName, rows }: CsvExport) {
  const url = URL.createObjectURL(new Blob([Papa.unparse(neutraliseRows(rows))], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Internal admins only: the loaded rows as shown, and with every field. */
export function RebateExportButtons({ scope, rows }: { scope: 'yours' | 'all'; rows: RebateRow[] }) {
  return (
    <Group gap="xs">
      <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={14} />} disabled={rows.length === 0} onClick={() => download(rebatesExport(scope, rows))}>
        Export
      </Button>
      <Button variant="subtle" size="compact-sm" leftSection={<IconDownload size={14} />} disabled={rows.length === 0} onClick={() => download(rebatesDetailsExport(scope, rows))}>
        Export Page Details
      </Button>
    </Group>
  );
}
