import { fileURLToPath } from 'node:url';

/**
 * Posts, a specification whose list calls declare their parameters (page size, rows to skip)
 * and one a fixed `where`: served by the browser's tests.
 */
export const POSTS_PATH = fileURLToPath(new URL('./posts.spec.md', import.meta.url));
