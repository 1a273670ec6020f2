import { Anchor, Checkbox, Skeleton, Table } from '@mantine/core';
import type { AppModel, Entity, Field } from '@specrun/model';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useApp } from '../../app/app-context.js';
import { useSession } from '../../api/use-session.js';
import { formatPlain } from '../../format/format-value.js';
import { recordLabel, type ApiRecord } from '../../model/record-label.js';
import { routeTo } from '../../model/screens.js';
import { ValueView } from '../../ui/value-view.js';
import { sortKey } from './list-columns.js';
import type { Selection } from './list-selection.js';
import { SortHeader } from './sort-header.js';

// Values that can carry the link to the record themselves; others get an "Open" link.
const LINKABLE = new Set([
  'text',
  'integer',
  'decimal',
  'money',
  'date',
  'datetime',
  'enum',
  'email',
  'boolean',
]);

// Read out by screen readers, not shown: the table's caption and its column of "Open" links' header.
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
};

/** What shows a list's records, as a table or as cards: the records, their columns and order. */
export interface ListViewProps {
  model: AppModel;
  entity: Entity;
  columns: Field[];
  records: ApiRecord[];
  sort: string | undefined;
  onSort: (sort: string) => void;
  detailRoute: string | undefined;
  caption: string;
  /** False when the list's call takes no sort (it declares its parameters, sort not among them). */
  canSort?: boolean;
}

/** The records of a list as a table: sortable headers, each record linked to its detail. */
export function ListTable({
  model,
  entity,
  columns,
  records,
  sort,
  onSort,
  detailRoute,
  caption,
  canSort = true,
  selection,
}: ListViewProps & {
  /** Checkboxes to select records (for bulk actions), when some action could be taken. */
  selection?: Selection | undefined;
}) {
  const { locale, api } = useApp();
  const { roles } = useSession();
  const first = columns[0];
  const linkInFirst =
    detailRoute !== undefined && first !== undefined && LINKABLE.has(first.type.kind);
  const openColumn = detailRoute !== undefined && !linkInFirst;
  return (
    <Table.ScrollContainer
      minWidth={Math.max(480, columns.length * 150)}
      type="native"
      style={{ position: 'relative' }}
    >
      <Table highlightOnHover verticalSpacing="sm" withTableBorder>
        <Table.Caption style={VISUALLY_HIDDEN}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label="Select every record on this page"
                  checked={selection.all}
                  indeterminate={selection.some && !selection.all}
                  onChange={() => selection.togglePage()}
                />
              </Table.Th>
            )}
            {columns.map((f) => (
              <SortHeader
                key={f.name}
                field={f}
                by={canSort ? sortKey(model, roles, f) : undefined}
                sort={sort}
                onSort={onSort}
              />
            ))}
            {openColumn && (
              <Table.Th scope="col">
                <span style={VISUALLY_HIDDEN}>Open</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const handle = api.handle(entity.name, record);
            const to = detailRoute && handle ? routeTo(detailRoute, handle) : undefined;
            return (
              <Table.Tr key={handle ?? JSON.stringify(record)}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${recordLabel(model, entity, record)}`}
                      checked={selection.has(record.id)}
                      onChange={() => selection.toggle(record.id)}
                    />
                  </Table.Td>
                )}
                {columns.map((f, i) => (
                  <Table.Td key={f.name}>
                    {i === 0 && linkInFirst && to ? (
                      <Anchor component={Link} to={to} fw={600}>
                        {formatPlain(model, f, record[f.name], locale)}
                      </Anchor>
                    ) : (
                      <ValueView field={f} value={record[f.name]} />
                    )}
                  </Table.Td>
                ))}
                {openColumn && to && (
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={to}
                      aria-label={`Open ${recordLabel(model, entity, record)}`}
                    >
                      Open
                    </Anchor>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Rows of placeholders shaped like the table, while its first page loads. */
export function ListTableSkeleton({ columns }: { columns: number }) {
  return (
    <Table withTableBorder verticalSpacing="sm" aria-busy="true" aria-label="Loading the list">
      <Table.Tbody>
        {Array.from({ length: 6 }, (_, r) => (
          <Table.Tr key={r}>
            {Array.from({ length: Math.max(columns, 1) }, (_, c) => (
              <Table.Td key={c}>
                <Skeleton h={14} w={c === 0 ? '70%' : '50%'} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
