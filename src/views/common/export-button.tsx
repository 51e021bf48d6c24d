import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import { OwnedPage } from '../shell/owned-page.tsx';

type Props = {
  /** Runs on click, so nothing is computed for a view that is never exported. */
  build: () => CsvExport;
  /** What a screen reader hears, e.g. which card's rows. */
  label: string;
  text?: string;
  size?: 'compact-xs' | 'compact-sm' | 'xs';
  variant?: 'subtle' | 'light';
  disabled?: boolean;
};

/** A CSV export; shown to internal admins only (spec §6). The session's exporter (shell/pages.ts) saves the file. */
export function ExportButton({ build, label, text = 'Export', size = 'compact-xs', variant = 'subtle', disabled = false }: Props) {
  return (
    <OwnedPage page="csvExport" quiet>
      {(exporter) => (
        <Button
          variant={variant}
          size={size}
          leftSection={<IconDownload size={14} />}
          disabled={disabled}
          onClick={() => exporter.send({ type: 'csv.requested', build })}
          aria-label={label}
        >
          {text}
        </Button>
      )}
    </OwnedPage>
  );
}
