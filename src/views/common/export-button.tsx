import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { CsvExport } from '../../model/dashboard-exports.ts';
import type { CsvExportEvent } from '../../machines/shell/csv-export.ts';
import { OwnedPage } from '../shell/owned-page.tsx';

/** What to export: rows the screen already has (`build`, run on the press), or what a machine shows (`from` and its selector). */
type Source<A extends AnyActorRef> = { build: () => CsvExport } | { from: A; select: (snapshot: SnapshotFrom<A>) => CsvExport | null };

type Props<A extends AnyActorRef> = Source<A> & {
  /** What a screen reader hears, e.g. which card's rows. */
  label: string;
  text?: string;
  size?: 'compact-xs' | 'compact-sm' | 'xs';
  variant?: 'subtle' | 'light';
  disabled?: boolean;
};

/** A CSV export; shown to internal admins only (spec §6). The session's exporter (shell/pages.ts) saves the file. */
export function ExportButton<A extends AnyActorRef>({ label, text = 'Export', size = 'compact-xs', variant = 'subtle', disabled = false, ...source }: Props<A>) {
  const request: CsvExportEvent = 'build' in source ? { type: 'csv.requested', build: source.build } : { type: 'csv.requested', from: source.from, select: source.select };
  return (
    <OwnedPage page="csvExport" quiet>
      {(exporter) => (
        <Button
          variant={variant}
          size={size}
          leftSection={<IconDownload size={14} />}
          disabled={disabled}
          onClick={() => exporter.send(request)}
          aria-label={label}
        >
          {text}
        </Button>
      )}
    </OwnedPage>
  );
}
