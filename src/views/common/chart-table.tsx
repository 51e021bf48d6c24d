import { Table } from '@mantine/core';

export interface ChartTableProps {
  /** What the chart shows, read as the table's caption. */
  caption: string;
  /** The header of the first column, then one per series or value. */
  columns: string[];
  rows: { label: string; values: string[] }[];
}

/** A chart's numbers as a table: its fallback for screen readers, keyboards and anyone who wants the figures. */
export function ChartTable({ caption, columns, rows }: ChartTableProps) {
  return (
    <Table.ScrollContainer minWidth={columns.length * 90}>
      <Table striped withTableBorder fz="xs" captionSide="top" data-testid="chart-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={c} ta={i === 0 ? 'left' : 'right'}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.label}>
              <Table.Th scope="row" fw={400}>
                {r.label}
              </Table.Th>
              {r.values.map((v, i) => (
                <Table.Td key={i} ta="right">
                  {v}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
