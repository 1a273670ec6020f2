import { parseTrustProxy, type TrustProxy } from '@specrun/server';
import { UsageError } from './io.js';

const FLAG = '--trust-proxy';

/**
 * Whether an argument is meant as `--trust-proxy`'s value (hops or addresses), not a FILE: it
 * reads as one, or is written like one (digits, dots, colons, slashes), so that a mistake in it
 * is explained rather than taken for a file name.
 */
function isTrustValue(arg: string | undefined): arg is string {
  if (arg === undefined || arg.startsWith('-')) return false;
  if (/^[\d.:/,\s]+$/.test(arg)) return true;
  try {
    parseTrustProxy(arg);
    return true;
  } catch {
    return false;
  }
}

/**
 * The arguments with a plain `--trust-proxy` (no value after it) written `--trust-proxy=1`: the
 * flag alone keeps meaning what it meant, a proxy in front, now read as exactly one.
 */
export function withTrustProxyValue(args: readonly string[]): string[] {
  return args.flatMap((arg, i) =>
    arg === FLAG && !isTrustValue(args[i + 1]) ? [`${FLAG}=1`] : [arg],
  );
}

/** `--trust-proxy`'s value as the server takes it. */
export function trustProxyOption(value: string | undefined): TrustProxy | undefined {
  if (value === undefined) return undefined;
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const HOST =
  /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?$/i;

/** The public host names from `--public-host` (repeatable) and SPECRUN_PUBLIC_HOST (commas). */
export function publicHosts(given: readonly string[] | undefined, env: string | undefined) {
  const hosts = [...(given ?? []), ...(env ?? '').split(',')].map((h) => h.trim()).filter(Boolean);
  const bad = hosts.find((h) => !HOST.test(h));
  if (bad !== undefined)
    throw new UsageError(
      `--public-host takes a host name, with a port if it is not the default (app.example.com, app.example.com:8443), not \`${bad}\``,
    );
  return hosts;
}
