import { fileURLToPath } from 'node:url';

/** Albums, a specification with a `list of files` field: served by the browser's tests. */
export const ALBUMS_PATH = fileURLToPath(new URL('./albums.spec.md', import.meta.url));
