import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { isFileDescription } from '@specrun/model';
import { useId, type FocusEvent } from 'react';
import { useApp } from '../../app/app-context.js';
import { FileLink } from '../file-link.js';
import tones from '../tones.module.css';
import {
  filesOf,
  isRefusedFile,
  refusedFileProblem,
  type FormFiles,
  type FormValue,
} from './form-values.js';
import styles from './file-input.module.css';
import { readAsDataUrl, tooLargeToSend } from './read-chosen-file.js';

/** The size a chosen file will have in the request (its data URL's length, near enough). */
const sentBytes = (files: FormFiles) =>
  files.reduce((sum, f) => sum + (isFileDescription(f) || isRefusedFile(f) ? 0 : f.data.length), 0);

/**
 * A list of files: the stored ones, each a link that can be removed, then those just chosen, and
 * a picker that adds several at once (only the kinds the field accepts). The whole list is sent,
 * the stored files as they were answered (kept by their address), the new ones as `{ name, data }`.
 */
export function FileListInputField({
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
  accept?: string | undefined;
  value: FormValue;
  onChange: (value: FormValue) => void;
  onBlur?: ((event: FocusEvent) => void) | undefined;
}) {
  const { limits } = useApp();
  const id = useId();
  const files = filesOf(value);
  // Files that cannot be sent stay listed with what to do, and keep the form from saving.
  const problem = refusedFileProblem(files);
  const add = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    const bytes = chosen.reduce((sum, f) => sum + f.size, 0);
    const already = sentBytes(files) / 1.37;
    const what = chosen.length === 1 ? 'This file is' : 'These files are';
    const tooLarge = tooLargeToSend(bytes + already, limits.maxRequestBytes, what);
    if (tooLarge) {
      onChange([...files, ...chosen.map((f) => ({ name: f.name, refused: tooLarge }))]);
      return;
    }
    const read = await Promise.all(
      chosen.map(async (f) => ({ name: f.name, data: await readAsDataUrl(f) })),
    );
    onChange([...files, ...read]);
  };
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
      <Stack gap={6} mt={4}>
        {files.map((file, i) => (
          <Group key={isFileDescription(file) ? file.url : `${i}:${file.name}`} gap="sm">
            {isFileDescription(file) ? (
              <FileLink file={file} />
            ) : (
              <Text size="sm" className={tones.muted}>
                {file.name}
              </Text>
            )}
            <Button
              variant="subtle"
              size="xs"
              aria-label={`Remove ${file.name}`}
              onClick={() => onChange(files.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </Group>
        ))}
        <input
          id={id}
          type="file"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy || undefined}
          multiple
          accept={accept}
          onChange={(e) => {
            const input = e.currentTarget;
            void add([...(input.files ?? [])]).finally(() => {
              // Emptied, so that the same file may be chosen again after being removed.
              input.value = '';
            });
          }}
          onBlur={onBlur}
          className={styles.file}
        />
      </Stack>
    </Input.Wrapper>
  );
}
