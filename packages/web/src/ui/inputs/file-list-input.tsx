import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { isFileDescription } from '@specrun/model';
import { useId, useState, type FocusEvent } from 'react';
import { useApp } from '../../app/app-context.js';
import { FileLink } from '../file-link.js';
import tones from '../tones.module.css';
import { filesOf, type FormFiles, type FormValue } from './form-values.js';
import styles from './file-input.module.css';
import { readAsDataUrl, tooLargeToSend } from './read-chosen-file.js';

/** The size a chosen file will have in the request (its data URL's length, near enough). */
const sentBytes = (files: FormFiles) =>
  files.reduce((sum, f) => sum + (isFileDescription(f) ? 0 : f.data.length), 0);

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
  const [problem, setProblem] = useState<string>();
  const files = filesOf(value);
  const add = async (chosen: File[]) => {
    setProblem(undefined);
    if (chosen.length === 0) return;
    const bytes = chosen.reduce((sum, f) => sum + f.size, 0);
    const already = sentBytes(files) / 1.37;
    const tooLarge = tooLargeToSend(bytes + already, limits.maxRequestBytes, 'These files are');
    if (tooLarge) {
      setProblem(tooLarge);
      return;
    }
    const read = await Promise.all(
      chosen.map(async (f) => ({ name: f.name, data: await readAsDataUrl(f) })),
    );
    onChange([...files, ...read]);
  };
  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={problem ?? error}
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
