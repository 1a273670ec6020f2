/**
 * How hard the reliability suite pushes. `npm test` runs the subset; `RELIABILITY=full` (what
 * `npm run test:reliability` sets) runs the full counts of issue 8.
 */
export const FULL = process.env.RELIABILITY === 'full';

export const COUNTS = {
  /** fast-check runs per endpoint and method of the API. */
  badRequestsPerCall: FULL ? 200 : 20,
  /** SIGKILLs of a server under concurrent writes. */
  kills: FULL ? 200 : 20,
  /** Kills of the broken control: it must be caught well within these. */
  controlKills: 10,
  /** Seconds of mixed load on 50 connections. */
  loadSeconds: FULL ? 60 : 5,
};

/** Prints one line of counts, so that a run shows what it tried. */
export function report(line: string): void {
  console.log(`[reliability] ${line}`);
}
