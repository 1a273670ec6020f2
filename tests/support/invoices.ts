import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Invoices, a specification of computed money that needs rounding: a half, a share by a decimal
 * rate, a third in yen. Served by the server's tests and by the browser's.
 */
export const INVOICES_PATH = fileURLToPath(new URL('./invoices.spec.md', import.meta.url));

/** The text of the Invoices specification. */
export function invoicesText(): string {
  return readFileSync(INVOICES_PATH, 'utf8');
}
