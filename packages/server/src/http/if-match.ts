import { AppError } from '../catalogue/app-error.js';

/** What If-Match asks: no condition, any current version (`*`), or one version. */
export type VersionCondition =
  { kind: 'none' } | { kind: 'any' } | { kind: 'version'; version: number };

// An entity tag as the API sends it ("3"), weak or strong: versions are whole numbers.
const TAG = /^(?:W\/)?"([1-9][0-9]{0,15})"$/;

/** The ETag of a record's version. */
export function etagOf(version: unknown): string | undefined {
  return typeof version === 'number' && Number.isSafeInteger(version) ? `"${version}"` : undefined;
}

/**
 * Reads If-Match: `"3"`, `W/"3"` or `*`. Anything else, or several tags, is BAD_REQUEST: the
 * client asked for a condition the server cannot check, and must not have its write applied
 * unconditionally.
 */
export function readIfMatch(header: string | string[] | undefined): VersionCondition {
  if (header === undefined) return { kind: 'none' };
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return { kind: 'any' };
  const match = TAG.exec(value);
  const version = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(version))
    throw new AppError(
      'BAD_REQUEST',
      'If-Match must be one ETag of the record, as its ETag header gives it (such as "3"), or *.',
    );
  return { kind: 'version', version };
}
