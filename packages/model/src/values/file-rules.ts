// The rules of a `file` field (section 3: `accepts image or pdf or .docx`, `at most 5 MB`), one
// reading of them for the reader, the server's checks, OpenAPI and the web app's hints.

/** The media types `image` accepts: raster images, those a browser shows in place. SVG, which
 * may hold scripts, is not among them (see showsInline). */
export const IMAGE_TYPES: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
];

/** The kinds named by a word: `image` and `pdf`; an extension stands for itself. */
const KIND_WORDS: Readonly<Record<string, string>> = { image: 'an image', pdf: 'a PDF' };

/** Size units of `at most N MB`, in bytes: binary, as file managers on most systems count. */
export const SIZE_UNITS: Readonly<Record<string, number>> = {
  bytes: 1,
  byte: 1,
  kb: 1024,
  mb: 1024 ** 2,
  gb: 1024 ** 3,
};

/** A kind as written (`Image`, `PDF`, `.DOCX`), as kept, or undefined when it is not one. */
export function fileKind(text: string): string | undefined {
  const kind = text.trim().toLowerCase();
  if (kind in KIND_WORDS) return kind;
  return /^\.[a-z0-9]{1,16}$/.test(kind) ? kind : undefined;
}

/** Whether a file (its media type and name) is of one of the kinds. */
export function fileIsOfKind(kinds: readonly string[], file: { type: string; name: string }) {
  const name = file.name.toLowerCase();
  return kinds.some((kind) =>
    kind === 'image'
      ? IMAGE_TYPES.includes(file.type)
      : kind === 'pdf'
        ? file.type === 'application/pdf'
        : name.endsWith(kind),
  );
}

/** The kinds in words: "an image, a PDF or a .docx file". */
export function fileKindsInWords(kinds: readonly string[]): string {
  const words = kinds.map((k) => KIND_WORDS[k] ?? `a ${k} file`);
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

/** A size in words, in the largest unit that writes it whole or with one decimal: "5 MB". */
export function sizeInWords(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const)
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  return `${bytes} bytes`;
}

/** What a file input accepts, as HTML's `accept` attribute: `image/png,...,application/pdf,.docx`. */
export function acceptAttribute(kinds: readonly string[]): string {
  return kinds
    .flatMap((k) => (k === 'image' ? IMAGE_TYPES : k === 'pdf' ? ['application/pdf'] : [k]))
    .join(',');
}
