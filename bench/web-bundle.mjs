// Measures the JavaScript a browser downloads before the app can start, gzipped.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');

/** Sums the gzipped size of the scripts and module preloads that index.html names. */
export function benchWebBundle() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const files = sources.filter((src) => src.startsWith('/assets/'));
  const gzipBytes = files.reduce(
    (sum, src) => sum + gzipSync(readFileSync(join(dist, src)), { level: 9 }).length,
    0,
  );
  return { files: files.length, gzipKB: Math.round(gzipBytes / 102.4) / 10, targetKB: 150 };
}
