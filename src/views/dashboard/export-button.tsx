import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { neutraliseRows } from '../../model/csv-cells.ts';
import type { CsvExport } from '../../model/dashboard-exports.ts';

function download({ fileName, rows }: CsvExport) {
  const csv = Papa.unparse(neutraliseRows(rows));
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Internal admins only (spec §6); `build` runs on click so nothing is computed for others. */
export function ExportButton({ build, label }: { build: () => CsvExport; label: string }) {
  return (
    <Button variant="subtle" size="compact-xs" leftSection={<IconDownload size={14} />} onClick={() => download(build())} aria-label={label}>
      Export
    </Button>
  );
}
