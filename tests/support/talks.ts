import { fileURLToPath } from 'node:url';

/**
 * Talks, a specification whose edits depend on the record: a speaker edits, deletes, publishes
 * and cancels their own talks, and edits and deletes them only while they are drafts.
 */
export const TALKS_PATH = fileURLToPath(new URL('./talks.spec.md', import.meta.url));
