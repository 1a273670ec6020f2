import { lazy, Suspense, type FocusEvent } from 'react';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useApp } from '../../app/app-context.js';
import { entityOf } from '../../model/entities.js';
import { entityWords } from '../../model/names.js';
import type { ApiRecord } from '../../model/record-label.js';
import { createdFrom } from './choice-search.js';
import { choiceValue, type CreatingWith } from './use-choices.js';
import { usePicker } from './use-picker.js';

// The dialog and its record form load when a picker first creates a record.
const CreateChoiceDialog = lazy(() => import('./create-choice-dialog.js'));

interface Common {
  entity: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  onBlur?: (event: FocusEvent) => void;
}

/** The dialog creating a record a picker is missing, when one is being created. */
function Creating({
  picker,
  onCreated,
  pick,
}: {
  picker: ReturnType<typeof usePicker>;
  onCreated: (value: string) => void;
  /** The field the chosen record stands for by (see choiceValue); its id otherwise. */
  pick?: string | undefined;
}) {
  if (!picker.creating) return null;
  return (
    <Suspense fallback={null}>
      <CreateChoiceDialog
        offer={picker.creating.offer}
        typed={picker.creating.typed}
        onClose={picker.stopCreating}
        onCreated={(record: ApiRecord, label: string) => {
          const value = choiceValue(record, pick);
          picker.created(value, label);
          picker.stopCreating();
          onCreated(value);
        }}
      />
    </Suspense>
  );
}

/**
 * Chooses the record a reference points to, among those the caller may list: what is typed is
 * searched for by the server in their titles, and "Create …" makes a new one in a dialog when
 * the caller may, which is then chosen. On a create form (`creatingWith`), a record the server
 * would refuse the new one to refer to is shown but cannot be chosen. A caller who may not list
 * them types the record's id instead, and is told so. Where the call sends the reference as one
 * of the record's fields (`{ job: job.slug }`), the value chosen is that field's.
 */
export function ReferenceInput({
  entity,
  description,
  value,
  onChange,
  creatingWith,
  pick,
  ...shown
}: Common & {
  value: string | null;
  onChange: (id: string | null) => void;
  creatingWith?: CreatingWith | undefined;
  pick?: string | undefined;
}) {
  const { model } = useApp();
  const picker = usePicker(entity, value ? [value] : [], true, creatingWith, pick);
  const words = entityWords(entityOf(model, entity)?.name ?? entity);
  if (picker.failed)
    return (
      <TextInput
        {...shown}
        description={description ?? `You cannot list ${words} records here: enter the id of one.`}
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
      />
    );
  return (
    <>
      <Select
        {...shown}
        description={
          description ??
          (picker.more && !picker.server
            ? `The first ${picker.choices.length} are listed; type to search them.`
            : undefined)
        }
        placeholder={picker.loading ? 'Loading…' : `Choose a ${words}`}
        data={picker.data}
        value={value}
        onChange={(id) => {
          const typed = createdFrom(id);
          if (typed !== undefined) picker.startCreating(typed);
          else onChange(id);
        }}
        searchable
        searchValue={picker.search}
        onSearchChange={picker.setSearch}
        filter={picker.filter}
        clearable={!shown.required}
        nothingFoundMessage={`No ${words} by that name`}
        disabled={picker.loading}
        // Busy, not only disabled, while its choices load: a screen reader says so, and nobody
        // judges the dimmed box (its chosen name included) as if it were ready.
        aria-busy={picker.loading || undefined}
        comboboxProps={{ withinPortal: true }}
      />
      <Creating picker={picker} onCreated={onChange} pick={pick} />
    </>
  );
}

/**
 * Chooses several records for a `list of` field, searched for and created as ReferenceInput
 * does; a new record is added to those chosen.
 */
export function ReferencesInput({
  entity,
  description,
  value,
  onChange,
  ...shown
}: Common & { value: string[]; onChange: (ids: string[]) => void }) {
  const { model } = useApp();
  const plural = entityOf(model, entity)?.plural ?? entity;
  const picker = usePicker(entity, value);
  const words = entityWords(entity);
  if (picker.failed)
    return (
      <TextInput
        {...shown}
        description={
          description ??
          `You cannot list ${words} records here: enter their ids, separated by commas.`
        }
        value={value.join(', ')}
        onChange={(e) =>
          onChange(
            e.currentTarget.value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          )
        }
      />
    );
  return (
    <>
      <MultiSelect
        {...shown}
        description={description}
        placeholder={picker.loading ? 'Loading…' : `Choose ${entityWords(plural)}`}
        data={picker.data}
        value={value}
        onChange={(ids) => {
          const create = ids.find((id) => createdFrom(id) !== undefined);
          if (create !== undefined) picker.startCreating(createdFrom(create)!);
          else onChange(ids);
        }}
        searchable
        searchValue={picker.search}
        onSearchChange={picker.setSearch}
        filter={picker.filter}
        hidePickedOptions
        nothingFoundMessage={`No ${words} by that name`}
        disabled={picker.loading}
        aria-busy={picker.loading || undefined}
      />
      <Creating picker={picker} onCreated={(id) => onChange([...value, id])} />
    </>
  );
}
