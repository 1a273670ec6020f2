import { Group, Image, Stack, Text } from '@mantine/core';
import { isFileDescription, showsInline } from '@specrun/model';
import { FileLink } from './file-link.js';

/**
 * A file field's value: a link to download it from its own address; an image a page may show
 * (showsInline) shows itself above the link too.
 */
export function FileValue({
  value,
  name,
  largest = 240,
}: {
  value: unknown;
  name: string;
  /** The most pixels the image takes across and down. */
  largest?: number;
}) {
  if (!isFileDescription(value)) return <Text span>{String(value)}</Text>;
  const link = <FileLink file={value} />;
  if (!showsInline(value.type)) return link;
  return (
    <Stack gap={4} align="flex-start">
      {/* Framed, and never smaller than a thumbnail: a tiny image still shows that it is there. */}
      <Image
        src={value.url}
        alt={name}
        w="auto"
        miw={48}
        mih={48}
        maw={largest}
        mah={largest}
        fit="contain"
        radius="sm"
        bd="1px solid var(--mantine-color-default-border)"
      />
      {link}
    </Stack>
  );
}

/**
 * A list of files' value: each file as FileValue shows one, side by side, the images as
 * thumbnails above their links, the others as links.
 */
export function FileListValue({ value, name }: { value: unknown; name: string }) {
  const files = Array.isArray(value) ? value.filter(isFileDescription) : [];
  return (
    <Group gap="md" align="flex-end" component="span">
      {files.map((file) => (
        <FileValue key={file.url} value={file} name={`${name}: ${file.name}`} largest={120} />
      ))}
    </Group>
  );
}
