import type { FocusEvent } from 'react';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useApp } from '../../app/app-context.js';
import { entityOf } from '../../model/entities.js';
import { entityWords } from '../../model/names.js';
import { useChoices } from './use-choices.js';

interface Common {
  entity: string;
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  onBlur?: (event: FocusEvent) => void;
}

/**
 * Chooses the record a reference points to, among those the caller may list (searchable by
 * name). A caller who may not list them types the record's id instead, and is told so.
 */
export function ReferenceInput({
  entity,
  description,
  value,
  onChange,
  ...shown
}: Common & { value: string | null; onChange: (id: string | null) => void }) {
  const { choices, loading, failed, more } = useChoices(entity);
  const words = entityWords(entity);
  if (failed)
    return (
      <TextInput
        {...shown}
        description={description ?? `You cannot list ${words} records here: enter the id of one.`}
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
      />
    );
  return (
    <Select
      {...shown}
      description={
        description ??
        (more ? `The first ${choices.length} are listed; type to search them.` : undefined)
      }
      placeholder={loading ? 'Loading…' : `Choose a ${words}`}
      data={choices}
      value={value}
      onChange={(id) => onChange(id)}
      searchable
      clearable={!shown.required}
      nothingFoundMessage={`No ${words} by that name`}
      disabled={loading}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Chooses several records for a `list of` field. */
export function ReferencesInput({
  entity,
  description,
  value,
  onChange,
  ...shown
}: Common & { value: string[]; onChange: (ids: string[]) => void }) {
  const { model } = useApp();
  const plural = entityOf(model, entity)?.plural ?? entity;
  const { choices, loading, failed } = useChoices(entity);
  const words = entityWords(entity);
  if (failed)
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
    <MultiSelect
      {...shown}
      description={description}
      placeholder={loading ? 'Loading…' : `Choose ${entityWords(plural)}`}
      data={choices}
      value={value}
      onChange={onChange}
      searchable
      hidePickedOptions
      nothingFoundMessage={`No ${words} by that name`}
      disabled={loading}
    />
  );
}
