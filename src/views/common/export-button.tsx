import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import Papa from 'papaparse';
import { neutraliseRows } from '../../model/csv-cells.ts';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { saveBlob } from './save-blob.ts';

/** Saves the rows as a CSV file in the browser. */
export function downloadCsv({ fileName, rows }: CsvExport) {
  saveBlob(new Blob([Papa.unparse(neutraliseRows(rows))], { type: 'text/csv;charset=utf-8' }), fileName);
}

type Props = {
  /** Runs on click, so nothing is computed for a view that is never exported. */
  build: () => CsvExport;
  /** What a screen reader hears, e.g. which card's rows. */
  label: string;
  text?: string;
  size?: 'compact-xs' | 'compact-sm';
  disabled?: boolean;
};

/** A CSV export; shown to internal admins only (spec §6). */
export function ExportButton({ build, label, text = 'Export', size = 'compact-xs', disabled = false }: Props) {
  return (
    <Button
      variant="subtle"
      size={size}
      leftSection={<IconDownload size={14} />}
      disabled={disabled}
      onClick={() => downloadCsv(build())}
      aria-label={label}
    >
      {text}
    </Button>
  );
}
