import { Group, Table, UnstyledButton } from '@mantine/core';
import type { Field } from '@specrun/model';
import { fieldLabel } from '../../model/names.js';
import { LineIcon } from '../../ui/line-icon.js';

const arrow = (direction: 'ascending' | 'descending' | undefined) => (
  <LineIcon size={12} strokeWidth="2.5" style={{ opacity: direction ? 1 : 0.45 }}>
    {direction === 'ascending' ? (
      <path d="M6 15l6-6 6 6" />
    ) : direction === 'descending' ? (
      <path d="M6 9l6 6 6-6" />
    ) : (
      <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />
    )}
  </LineIcon>
);

// The header whose button was pressed, and when: the table is drawn anew while the sorted page
// loads, and that header, drawn again, takes focus back if it fell to the page, so that the
// keyboard stays where it was. Only for a while: focus is never taken from elsewhere.
let pressed: { by: string; at: number } | undefined;
const REFOCUS_MS = 10_000;
const refocus = (by: string) => (button: HTMLButtonElement | null) => {
  if (!button || pressed?.by !== by || Date.now() - pressed.at > REFOCUS_MS) return;
  const active = document.activeElement;
  if (active !== null && active !== document.body) return;
  pressed = undefined;
  button.focus();
};

/** The sort a header click asks for: ascending first, then descending. */
export function nextSort(current: string | undefined, field: string): string {
  return current === field ? `-${field}` : field;
}

/**
 * A column header that sorts the list by `by` (the field, or what stands for it: `event.title`
 * for a reference); without it, a plain header. `aria-sort` tells which way it is sorted.
 */
export function SortHeader({
  field,
  by,
  sort,
  onSort,
}: {
  field: Field;
  by: string | undefined;
  sort: string | undefined;
  onSort: (sort: string) => void;
}) {
  const label = fieldLabel(field.name);
  const direction =
    by === undefined
      ? undefined
      : sort === by
        ? 'ascending'
        : sort === `-${by}`
          ? 'descending'
          : undefined;
  if (by === undefined)
    return (
      <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Table.Th>
    );
  return (
    <Table.Th scope="col" aria-sort={direction} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton
        ref={refocus(by)}
        onClick={() => {
          pressed = { by, at: Date.now() };
          onSort(nextSort(sort, by));
        }}
        fw={600}
        fz="sm"
        title={`Sort by ${label.toLowerCase()}`}
      >
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          {arrow(direction)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
