import { Select } from '@mantine/core';
import type { House } from '../../model/distributor.ts';

/** The House selector of the dashboard and intel headers (Admin and Leadership). */
export function HouseInput({ houses, activeId, disabled, onSelect }: {
  houses: readonly House[];
  activeId: number | null;
  disabled: boolean;
  onSelect: (distributorId: number) => void;
}) {
  return (
    <Select
      label="House"
      data={houses.map((h) => ({ value: String(h.id), label: h.nickname }))}
      value={activeId === null ? null : String(activeId)}
      onChange={(v) => v && onSelect(Number(v))}
      disabled={disabled || houses.length === 0}
      allowDeselect={false}
      w={{ base: '100%', sm: 200 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
