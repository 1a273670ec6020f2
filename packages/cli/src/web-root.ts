import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the built web app, found through the @specrun/web package. */
export function webRoot(): string {
  const manifest = fileURLToPath(import.meta.resolve('@specrun/web/package.json'));
  return join(dirname(manifest), 'dist');
}
