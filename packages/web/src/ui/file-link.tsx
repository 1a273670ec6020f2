import { Anchor } from '@mantine/core';
import type { FileDescription } from '@specrun/model';

/** How large a file is, in the units people read: 812 bytes, 14 KB, 2.3 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A stored file as a link to download it from its own address (the server checks, as for the
 * record, who may read it): its name, and its size beside it.
 */
export function FileLink({ file }: { file: FileDescription }) {
  return (
    <Anchor href={file.url} download={file.name} size="sm">
      {file.name} ({fileSize(file.size)})
    </Anchor>
  );
}
