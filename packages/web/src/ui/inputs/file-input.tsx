import { Button, Group, Input, Text } from '@mantine/core';
import { isFileDescription } from '@specrun/model';
import { useId, type FocusEvent } from 'react';
import { useApp } from '../../app/app-context.js';
import { FileLink } from '../file-link.js';
import tones from '../tones.module.css';
import { isRefusedFile, type FormValue } from './form-values.js';
import styles from './file-input.module.css';
import { readAsDataUrl, tooLargeToSend } from './read-chosen-file.js';

/**
 * A file field: the file is read in the browser and sent with its name as `{ name, data }` (a data
 * URL), as the API takes files; the stored file, if any, is a link to it. A file larger than a
 * request may carry is refused at once, not after a slow upload: it stays chosen with what to do
 * about it, so the form refuses to save until it is removed or replaced.
 */
export function FileInputField({
  label,
  description,
  error,
  required,
  accept,
  value,
  onChange,
  onBlur,
}: {
  label: string;
  description?: string | undefined;
  error?: string | undefined;
  required?: boolean;
  /** The kinds the field accepts, as HTML's `accept` (a `accepts` rule): the picker offers those. */
  accept?: string | undefined;
  value: FormValue;
  onChange: (value: FormValue) => void;
  onBlur?: ((event: FocusEvent) => void) | undefined;
}) {
  const { limits } = useApp();
  const id = useId();
  const limit = limits.maxRequestBytes;
  const chosen =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const tooLarge = tooLargeToSend(file.size, limit);
    if (tooLarge) {
      onChange({ name: file.name, refused: tooLarge });
      return;
    }
    onChange({ name: file.name, data: await readAsDataUrl(file) });
  };
  // Said at once, before the form is checked: the file is not what will be sent.
  const problem = isRefusedFile(chosen) ? chosen.refused : undefined;
  const shownError = error ?? problem;
  // Mantine's wrapper names its parts after the id; the bare file input is told of them itself.
  const describedBy = [description && `${id}-description`, shownError && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={shownError}
      required={required}
      id={id}
    >
      <Group gap="sm" mt={4}>
        <input
          id={id}
          type="file"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy || undefined}
          accept={accept}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
          onBlur={onBlur}
          className={styles.file}
        />
        {chosen && (
          <>
            {isFileDescription(chosen) ? (
              <FileLink file={chosen} />
            ) : (
              <Text size="sm" className={tones.muted}>
                {chosen.name}
              </Text>
            )}
            <Button variant="subtle" size="xs" onClick={() => onChange('')}>
              Remove the file
            </Button>
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
