import { Button, Group, NativeSelect } from '@mantine/core';
import { fieldLabel } from '../../model/names.js';
import type { ListFilter } from './list-columns.js';

/** A choice per filterable field; "Any" leaves the field unfiltered. */
export function ListFilterBar({
  filters,
  values,
  onChange,
  onClear,
}: {
  filters: ListFilter[];
  values: Record<string, string>;
  onChange: (field: string, value: string) => void;
  onClear: () => void;
}) {
  if (filters.length === 0) return null;
  const active = Object.keys(values).length > 0;
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filter the list">
      {filters.map(({ field, options }) => (
        <NativeSelect
          key={field.name}
          label={fieldLabel(field.name)}
          value={values[field.name] ?? ''}
          onChange={(e) => onChange(field.name, e.currentTarget.value)}
          data={[{ value: '', label: 'Any' }, ...options]}
          size="sm"
          w={170}
        />
      ))}
      {active && (
        <Button variant="subtle" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
