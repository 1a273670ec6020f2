import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId, type Ref } from 'react';

/**
 * A password input whose mistakes reach screen readers: Mantine's PasswordInput shows its error
 * and help text but does not tie them to the input it renders (no aria-invalid, no
 * aria-describedby), so they are tied here, by the ids its wrapper gives them.
 */
export function SecretInput({
  id,
  error,
  description,
  ...props
}: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const generated = useId();
  const base = id ?? generated;
  const shown = (value: unknown) => value !== undefined && value !== null && value !== false;
  const describedBy = [
    shown(error) && error !== true ? `${base}-error` : '',
    shown(description) ? `${base}-description` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      {...props}
      id={base}
      error={error}
      description={description}
      aria-invalid={shown(error) ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
}
