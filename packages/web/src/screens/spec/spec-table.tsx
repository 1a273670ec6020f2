import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table of the specification, scrolling sideways on a phone instead of overflowing. */
export function SpecTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
}) {
  return (
    <Table.ScrollContainer minWidth={560} type="native" style={{ position: 'relative' }}>
      <Table striped withTableBorder verticalSpacing="xs" fz="sm">
        <Table.Caption style={{ textAlign: 'left', captionSide: 'top' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
