import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Screenshots go here (gitignored), for people to look at after a run. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../../test-results/screenshots/', import.meta.url),
);

/** The path for a named screenshot, creating the folder on first use. */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return `${SCREENSHOT_DIR}${name}.png`;
}
