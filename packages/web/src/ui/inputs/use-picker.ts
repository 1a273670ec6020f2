import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context.js';
import { useSession } from '../../api/use-session.js';
import { useRecordList } from '../../api/use-record-list.js';
import { celString, createOption } from './choice-search.js';
import { createChoice, type CreateChoice } from './create-choice.js';
import { choiceListing, choicesOf, useChoices, type CreatingWith } from './use-choices.js';

/** The dialog a picker opens to create what it is missing, with what was typed. */
export interface Creating {
  offer: CreateChoice;
  typed: string;
}

// Every option is offered as the server found it: a search the server ran is not narrowed again.
const asFound: OptionsFilter = ({ options }) => options;

/**
 * What a reference picker shows: the choices the server found for what is typed, the records
 * already chosen (named even when the search does not find them: they are read by id), and,
 * when this reader may create one, an option to create it with what was typed. With `pick`, the
 * values chosen are the records' values of that field, as the call sends them (see choiceValue).
 */
export function usePicker(
  entity: string,
  chosen: readonly string[],
  single = false,
  creatingWith?: CreatingWith,
  pick?: string,
) {
  const { model, screens, api } = useApp();
  const { user, roles } = useSession();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<Creating>();
  const [created, setCreated] = useState<Readonly<Record<string, string>>>({});
  const listing = choiceListing(model, api, roles, entity);
  const named = useRecordList(
    entity,
    {
      filter: `record.${pick ?? 'id'} in [${chosen.map(celString).join(', ')}]`,
      include: listing.include,
    },
    listing.server && chosen.length > 0,
    true,
  );
  const names = new Map(Object.entries(created));
  const chosenRecords = named.data?.pages.flatMap((p) => p.items) ?? [];
  for (const c of choicesOf(model, entity, chosenRecords, undefined, pick))
    names.set(c.value, c.label);
  // A single picker shows the chosen record's name in its box: that is no search.
  const shown = single && chosen[0] !== undefined ? names.get(chosen[0]) : undefined;
  const term = search === shown ? '' : search;
  const found = useChoices(entity, term, creatingWith, pick);
  for (const c of found.choices) if (!names.has(c.value)) names.set(c.value, c.label);
  const offer = createChoice(model, screens, user, roles, entity, api.call('create', entity));
  const data: ComboboxItem[] = [...found.choices];
  const listed = new Set(data.map((c) => c.value));
  for (const id of chosen) {
    const label = names.get(id);
    if (label !== undefined && !listed.has(id)) data.push({ value: id, label });
  }
  if (offer) {
    const what = offer.kind.toLowerCase();
    const typed = term.trim();
    const label = typed ? `Create ${what} “${typed}”` : `Create a new ${what}…`;
    data.push({ value: createOption(typed), label });
  }
  return {
    ...found,
    data,
    search,
    setSearch,
    filter: found.server ? asFound : undefined,
    creating,
    startCreating: (typed: string) => offer && setCreating({ offer, typed }),
    stopCreating: () => setCreating(undefined),
    /** A record created here: named at once, before any answer names it. */
    created: (id: string, label: string) => setCreated((old) => ({ ...old, [id]: label })),
  };
}
