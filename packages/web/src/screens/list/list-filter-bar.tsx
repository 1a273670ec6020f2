import { Button, Group, NativeSelect } from '@mantine/core';
import { fieldLabel } from '../../model/names.js';
import type { ListFilter } from './list-columns.js';
import { NONE_OPTION } from './list-filters.js';
import { ReferenceFilter } from './reference-filter.js';

/**
 * A choice per filterable field; "Any" leaves the field unfiltered. A value is as the address
 * has it: '' for "None" (an empty reference); `onChange` gives undefined for "Any".
 */
export function ListFilterBar({
  filters,
  values,
  onChange,
  onClear,
}: {
  filters: ListFilter[];
  values: Record<string, string>;
  onChange: (field: string, value: string | undefined) => void;
  onClear: () => void;
}) {
  if (filters.length === 0) return null;
  const active = Object.keys(values).length > 0;
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Filter the list">
      {filters.map((filter) => {
        const { field, options, picker } = filter;
        const value = values[field.name];
        if (picker)
          return (
            <ReferenceFilter
              key={field.name}
              filter={{ ...filter, picker }}
              value={value}
              onChange={(next) => onChange(field.name, next)}
            />
          );
        return (
          <NativeSelect
            key={field.name}
            label={fieldLabel(field.name)}
            value={value === '' ? NONE_OPTION : (value ?? '')}
            onChange={(e) => {
              const next = e.currentTarget.value;
              onChange(field.name, next === '' ? undefined : next === NONE_OPTION ? '' : next);
            }}
            data={[{ value: '', label: 'Any' }, ...options]}
            size="sm"
            w={170}
          />
        );
      })}
      {active && (
        <Button variant="subtle" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
