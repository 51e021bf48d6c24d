import { Group } from '@mantine/core';
import { rebatesDetailsExport, rebatesExport } from '../../machines/rebates/selectors.ts';
import type { RebateRow } from '../../model/rebates.ts';
import { ExportButton } from '../common/export-button.tsx';

/** Internal admins only: the loaded rows as shown, and with every field. */
export function RebateExportButtons({ scope, rows }: { scope: 'yours' | 'all'; rows: RebateRow[] }) {
  const empty = rows.length === 0;
  return (
    <Group gap="xs">
      <ExportButton size="compact-sm" label="Export" disabled={empty} build={() => rebatesExport(scope, rows)} />
      <ExportButton
        size="compact-sm"
        label="Export Page Details"
        text="Export Page Details"
        disabled={empty}
        build={() => rebatesDetailsExport(scope, rows)}
      />
    </Group>
  );
}
