import { TextInput } from '@mantine/core';
import { useState, type FocusEvent } from 'react';
import {
  dateEntry,
  dateExample,
  dateTimeExample,
  readDate,
  readDateTime,
  showDate,
  showDateTime,
} from '../../format/date-entry.js';

export interface DateTextInputProps {
  label: string;
  /** The form's value: "2026-12-03", or with a time "2026-12-03T14:30"; else the text typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: ((event: FocusEvent) => void) | undefined;
  error?: string | undefined;
  required: boolean;
  description?: string | undefined;
  /** A date and time (a wall-clock time in the application's time zone), not a date alone. */
  withTime: boolean;
  /** Section 1's Language: the order the date is written and typed in. */
  language: string;
}

/**
 * A date, or a date and time, typed as section 1's Language writes it (03/12/2026 in en-GB), a
 * plain text box rather than the browser's date input, which follows the browser's own locale.
 * What reads as a date goes to the form as the API's text, so the form's checks (the server's own)
 * see what is sent; what does not goes on as typed, and the server's refusal is said in the
 * language's own form ("must be a date written as 30/06/2025"). Left, it is written out in full.
 */
export function DateTextInput(props: DateTextInputProps) {
  const { value, onChange, withTime, language } = props;
  const entry = dateEntry(language);
  const show = (v: string) => (withTime ? showDateTime(v, entry) : showDate(v, entry));
  const read = (text: string) => (withTime ? readDateTime(text, entry) : readDate(text, entry));
  const example = withTime ? dateTimeExample(entry) : dateExample(entry);
  // The text typed, kept with the value it gave: a value set from outside (a reset, a default
  // filled in) shows as the language writes it.
  const [typed, setTyped] = useState({ value, text: show(value) });
  if (typed.value !== value) setTyped({ value, text: show(value) });
  const unreadable = typed.text.trim() !== '' && read(typed.text) === undefined;
  const error =
    props.error && unreadable
      ? `${props.label} must be a date${withTime ? ' and time' : ''} written as ${example}.`
      : props.error;
  return (
    <TextInput
      label={props.label}
      required={props.required}
      description={[props.description, `Written as ${example}`].filter(Boolean).join(' · ')}
      error={error}
      value={typed.text}
      placeholder={example}
      autoComplete="off"
      inputMode={withTime ? 'text' : 'numeric'}
      onChange={(e) => {
        const text = e.currentTarget.value;
        const next = text.trim() === '' ? '' : (read(text) ?? text);
        setTyped({ value: next, text });
        onChange(next);
      }}
      onBlur={(e) => {
        if (!unreadable) setTyped({ value, text: show(value) });
        props.onBlur?.(e);
      }}
    />
  );
}
