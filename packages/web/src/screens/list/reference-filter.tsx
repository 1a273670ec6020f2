import { Select, type OptionsFilter } from '@mantine/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context.js';
import { useSession } from '../../api/use-session.js';
import { useRecordList } from '../../api/use-record-list.js';
import { entityWords, fieldLabel } from '../../model/names.js';
import { celString } from '../../ui/inputs/choice-search.js';
import { choiceListing, choicesOf, useChoices } from '../../ui/inputs/use-choices.js';
import type { ListFilter } from './list-columns.js';
import { NONE_OPTION } from './list-filters.js';

// The server searched: its choices are shown as found, not narrowed again in place.
const asFound: OptionsFilter = ({ options }) => options;

/**
 * A reference's filter: "None" and "Me" where they are offered, then the records the reader may
 * read, searched for by the server as the reader types (see useChoices). The record chosen keeps
 * its name even when a search does not find it: it is read by id. Cleared, the list is unfiltered.
 */
export function ReferenceFilter({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter & { picker: string };
  /** The address's value: an id, '' for None, undefined for any. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { model, api } = useApp();
  const { roles } = useSession();
  const [search, setSearch] = useState('');
  const target = filter.picker;
  const listing = choiceListing(model, api, roles, target);
  const fixed = new Map(filter.options.map((o) => [o.value, o.label]));
  const chosen = value === '' ? NONE_OPTION : value;
  const isRecord = chosen !== undefined && !fixed.has(chosen);
  const named = useRecordList(
    target,
    { filter: `record.id in [${isRecord ? celString(chosen) : ''}]`, include: listing.include },
    listing.server && isRecord,
    true,
  );
  const chosenName = choicesOf(model, target, named.data?.pages.flatMap((p) => p.items) ?? [])[0];
  // The box shows the chosen option's name: that is no search.
  const shown = chosen === undefined ? undefined : (fixed.get(chosen) ?? chosenName?.label);
  const found = useChoices(target, search === shown ? '' : search);
  const data = [...filter.options];
  const listed = new Set(data.map((o) => o.value));
  for (const c of [...found.choices, ...(chosenName ? [chosenName] : [])])
    if (!listed.has(c.value)) {
      data.push(c);
      listed.add(c.value);
    }
  if (isRecord && !listed.has(chosen)) data.push({ value: chosen, label: chosen });
  const words = entityWords(target);
  return (
    <Select
      label={fieldLabel(filter.field.name)}
      placeholder={found.loading ? 'Loading…' : 'Any'}
      data={data}
      value={chosen ?? null}
      onChange={(next) => onChange(next === null ? undefined : next === NONE_OPTION ? '' : next)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={found.server ? asFound : undefined}
      clearable
      nothingFoundMessage={`No ${words} by that name`}
      size="sm"
      w={200}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
