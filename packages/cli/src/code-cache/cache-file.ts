import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** A code cache as stored: what it was made from, and V8's data. */
export interface StoredCache {
  /** The digest of the source and the Node that compiled it (see cacheKey). */
  key: string;
  /** Whether it was made after a server had started, so holds the code starting one runs. */
  served: boolean;
  data: Buffer;
}

const MAGIC = 'specrun code cache 1';

/**
 * Where the code cache of the script at `path` is kept: the user's cache folder
 * ($XDG_CACHE_HOME, else ~/.cache), one file per script and per Node and its flags, so that two
 * checkouts, two Node versions or a run with other V8 flags (which makes V8 refuse a cache) do
 * not overwrite each other's.
 */
export function cacheFileFor(path: string, env: NodeJS.ProcessEnv = process.env): string {
  const root = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const name = createHash('sha1')
    .update([path, process.version, process.arch, ...process.execArgv].join('\0'))
    .digest('hex')
    .slice(0, 16);
  return join(root, 'specrun', `code-${name}.bin`);
}

/**
 * What a cache must have been made from to be used: the source's bytes and the Node that ran
 * them. V8 itself checks its version and flags but, of the source, only its length: a rebuilt
 * bundle of the same length would otherwise run the old bundle's compiled functions.
 */
export function cacheKey(source: Buffer): string {
  return createHash('sha1')
    .update(`${process.version} ${process.arch}\0`)
    .update(source)
    .digest('hex');
}

/** The cache stored at `file`; undefined when there is none or it is not one. */
export function readCacheFile(file: string): StoredCache | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(0x0a);
  const [magic, key, served] = bytes.subarray(0, Math.max(end, 0)).toString('latin1').split('\t');
  if (magic !== MAGIC || key === undefined) return undefined;
  return { key, served: served === 'served', data: bytes.subarray(end + 1) };
}

/**
 * Stores a cache whole or not at all (written aside, then renamed over the old one), so that
 * processes started together never read half of one. A cache that cannot be written (no home,
 * a read-only disk) is done without: it only saves time.
 */
export function writeCacheFile(file: string, cache: StoredCache): void {
  const aside = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const header = `${MAGIC}\t${cache.key}\t${cache.served ? 'served' : 'ran'}\n`;
    writeFileSync(aside, Buffer.concat([Buffer.from(header, 'latin1'), cache.data]));
    renameSync(aside, file);
  } catch {
    try {
      rmSync(aside, { force: true });
    } catch {
      // Nowhere to write, so nothing was written.
    }
  }
}
