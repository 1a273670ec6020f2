import { Text } from '@mantine/core';
import { useApp } from '../../app/app-context.js';
import tones from '../../ui/tones.module.css';

// One formatter per language, kept for the session.
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(language: string): Intl.NumberFormat {
  let format = formats.get(language);
  if (!format) formats.set(language, (format = new Intl.NumberFormat(language)));
  return format;
}

/**
 * Which of a list's records are shown: "1–20 of 137" when the list was counted, growing as more
 * pages are loaded; "Showing 20" when the call does not count. Announced when it changes.
 */
export function ListRange({ shown, total }: { shown: number; total: number | undefined }) {
  const { locale } = useApp();
  const n = formatOf(locale.language);
  // Records added since the count was taken can make the pages outgrow it.
  const text =
    total === undefined
      ? `Showing ${n.format(shown)}`
      : `${n.format(1)}–${n.format(shown)} of ${n.format(Math.max(total, shown))}`;
  return (
    <Text size="sm" className={tones.muted} aria-live="polite">
      {text}
    </Text>
  );
}
