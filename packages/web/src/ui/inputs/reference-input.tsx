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
export function ReferenceInput(
  props: Common & { value: string | null; onChange: (id: string | null) => void },
) {
  const { choices, loading, failed, more } = useChoices(props.entity);
  const words = entityWords(props.entity);
  if (failed)
    return (
      <TextInput
        label={props.label}
        required={props.required}
        error={props.error}
        description={
          props.description ?? `You cannot list ${words} records here: enter the id of one.`
        }
        value={props.value ?? ''}
        onChange={(e) => props.onChange(e.currentTarget.value || null)}
        onBlur={props.onBlur}
      />
    );
  return (
    <Select
      label={props.label}
      required={props.required}
      error={props.error}
      description={
        props.description ??
        (more ? `The first ${choices.length} are listed; type to search them.` : undefined)
      }
      placeholder={loading ? 'Loading…' : `Choose a ${words}`}
      data={choices}
      value={props.value}
      onChange={(value) => props.onChange(value)}
      onBlur={props.onBlur}
      searchable
      clearable={!props.required}
      nothingFoundMessage={`No ${words} by that name`}
      disabled={loading}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Chooses several records for a `list of` field. */
export function ReferencesInput(
  props: Common & { value: string[]; onChange: (ids: string[]) => void },
) {
  const { model } = useApp();
  const plural = entityOf(model, props.entity)?.plural ?? props.entity;
  const { choices, loading, failed } = useChoices(props.entity);
  const words = entityWords(props.entity);
  if (failed)
    return (
      <TextInput
        label={props.label}
        required={props.required}
        error={props.error}
        description={
          props.description ??
          `You cannot list ${words} records here: enter their ids, separated by commas.`
        }
        value={props.value.join(', ')}
        onChange={(e) =>
          props.onChange(
            e.currentTarget.value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          )
        }
        onBlur={props.onBlur}
      />
    );
  return (
    <MultiSelect
      label={props.label}
      required={props.required}
      error={props.error}
      description={props.description}
      placeholder={loading ? 'Loading…' : `Choose ${entityWords(plural)}`}
      data={choices}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      searchable
      hidePickedOptions
      nothingFoundMessage={`No ${words} by that name`}
      disabled={loading}
    />
  );
}
