import { Badge } from '@mantine/core';
import { sentence, words } from '../model/names.js';
import styles from './state-badge.module.css';

// States get a colour from their name, so the same state looks the same on every screen.
const TONES = ['blue', 'teal', 'violet', 'orange', 'grape', 'cyan', 'indigo', 'lime'];
const FINAL =
  /^(closed|cancel+ed|done|paid|returned|finished|rejected|waived|archived|received|deactivated)$/;

function toneOf(state: string): string {
  if (FINAL.test(state)) return 'gray';
  let hash = 0;
  for (const char of state) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return TONES[hash % TONES.length]!;
}

/** A record's state, as a badge with readable contrast in both themes. */
export function StateBadge({ state }: { state: string }) {
  return (
    <Badge variant="outline" radius="sm" className={styles.badge} data-tone={toneOf(state)}>
      {sentence(words(state))}
    </Badge>
  );
}
