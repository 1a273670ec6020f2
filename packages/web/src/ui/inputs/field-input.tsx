import type { FocusEvent } from 'react';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { acceptAttribute, fieldCheck, type Field } from '@specrun/model';
import { useApp } from '../../app/app-context.js';
import { currencyOf } from '../../model/entities.js';
import { fieldLabel, sentence, words } from '../../model/names.js';
import { DateTextInput } from './date-text-input.js';
import { FileInputField } from './file-input.js';
import { FileListInputField } from './file-list-input.js';
import { idsOf, type FormValue } from './form-values.js';
import { ReferenceInput, ReferencesInput } from './reference-input.js';
import { PickedValuesInput } from './picked-values-input.js';
import { RoleCheckboxes } from './role-checkboxes.js';
import { ruleHints } from './rule-hints.js';
import { SecretInput } from './secret-input.js';

export interface FieldInputProps {
  field: Field;
  value: FormValue;
  onChange: (value: FormValue) => void;
  onBlur?: (event: FocusEvent) => void;
  error?: string | undefined;
  /** Shown as the field must be filled in (required, and no default fills it). */
  required: boolean;
  label?: string;
  /** Help text: the field's description and what its rules ask. */
  description?: string | undefined;
  /** A password: typed unseen, never filled in by the browser from another site. */
  secret?: boolean;
  /** Left empty, the server fills the field in with its default (`user.email`, a constant...). */
  defaulted?: boolean;
  /**
   * The call sends this reference or list as one field of its records (`job.slug`, `tags.name`):
   * values, not ids.
   */
  pick?: string | undefined;
  /** The entity a create form makes: its reference offers only what the server would accept. */
  creating?: string | undefined;
}

/** What a file input offers, as HTML's `accept`: the kinds of the field's `accepts` rule. */
const accepted = (field: Field) =>
  field.rules.flatMap((r) => (r.kind === 'fileKinds' ? [acceptAttribute(r.kinds)] : []))[0];

/**
 * The input that suits a field's type: text, a multi-line box, a number kept as typed (money and
 * decimals keep every digit), a checkbox, a date or a time in the application's time zone, a
 * choice among values, roles or records, a file or several.
 */
export function FieldInput(props: FieldInputProps) {
  const { model, locale } = useApp();
  const { field, value, onChange, onBlur, error, required } = props;
  const label = props.label ?? fieldLabel(field.name);
  const hints = [
    props.description ?? field.description,
    ...ruleHints(field, fieldCheck(model, field).scale),
    props.defaulted ? 'Left empty, it is filled in for you' : undefined,
  ].filter(Boolean);
  const description = hints.length > 0 ? hints.join(' · ') : undefined;
  const common = { label, error, required, description, onBlur };
  const text = typeof value === 'string' ? value : '';
  const onText = (e: { currentTarget: { value: string } }) => onChange(e.currentTarget.value);
  const type = field.type;
  if (props.secret)
    return <SecretInput {...common} value={text} onChange={onText} autoComplete="new-password" />;
  switch (type.kind) {
    case 'longText':
      return (
        <Textarea {...common} value={text} onChange={onText} autosize minRows={3} maxRows={12} />
      );
    case 'email':
      return (
        <TextInput {...common} type="email" value={text} onChange={onText} autoComplete="off" />
      );
    case 'url':
      return (
        <TextInput {...common} type="url" value={text} onChange={onText} placeholder="https://" />
      );
    case 'integer':
      return <TextInput {...common} value={text} onChange={onText} inputMode="numeric" />;
    case 'decimal':
      return <TextInput {...common} value={text} onChange={onText} inputMode="decimal" />;
    case 'money': {
      const currency = currencyOf(model, field);
      return (
        <TextInput
          {...common}
          value={text}
          onChange={onText}
          inputMode="decimal"
          placeholder="0.00"
          rightSection={currency}
          rightSectionWidth={currency ? 52 : undefined}
          rightSectionPointerEvents="none"
        />
      );
    }
    case 'boolean':
      return (
        <Checkbox
          label={label}
          description={description}
          error={error}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          onBlur={onBlur}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DateTextInput
          {...common}
          value={text}
          onChange={onChange}
          withTime={type.kind === 'datetime'}
          language={locale.language}
          description={
            type.kind === 'datetime'
              ? [description, `Time in ${locale.timeZone}`].filter(Boolean).join(' · ')
              : description
          }
        />
      );
    case 'enum':
      return (
        <NativeSelect
          {...common}
          value={text}
          onChange={onText}
          data={[
            // "None" only where a field may be empty: a required one with a default shows that
            // default chosen, with nothing to unset it to.
            ...(!field.required
              ? [{ value: '', label: 'None' }]
              : text === '' || required
                ? [{ value: '', label: 'Choose…' }]
                : []),
            ...type.values.map((v) => ({ value: v, label: sentence(words(v)) })),
          ]}
        />
      );
    case 'reference':
      return (
        <ReferenceInput
          {...common}
          entity={type.entity}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          creatingWith={props.creating ? { entity: props.creating, field: field.name } : undefined}
          pick={props.pick}
        />
      );
    case 'list':
      if (props.pick)
        return (
          <PickedValuesInput
            {...common}
            entity={type.entity}
            pick={props.pick}
            value={idsOf(value)}
            onChange={onChange}
          />
        );
      return (
        <ReferencesInput
          {...common}
          entity={type.entity}
          value={idsOf(value)}
          onChange={onChange}
        />
      );
    case 'roles':
      return (
        <RoleCheckboxes {...common} roles={model.roles} value={idsOf(value)} onChange={onChange} />
      );
    case 'file':
      return (
        <FileInputField {...common} accept={accepted(field)} value={value} onChange={onChange} />
      );
    case 'files':
      return (
        <FileListInputField
          {...common}
          accept={accepted(field)}
          value={value}
          onChange={onChange}
        />
      );
    default:
      return <TextInput {...common} value={text} onChange={onText} />;
  }
}
