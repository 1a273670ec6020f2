import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL, report } from './support/counts.js';
import { freshData } from './support/helpdesk.js';
import { startSpecrun, type SpecrunProcess } from './support/specrun-process.js';
import { rawRequest } from './support/raw-http.js';
import {
  p99,
  timed,
  underLoad,
  type Hostile,
  type LoadRun,
  type Timed,
} from './support/under-load.js';

// A public noticeboard (anyone may read and pin notes and pages, signed out): notes have a slug
// with the catastrophic pattern `^([a-z]+)+$`, pages a long body; MAX_STATEMENT_MS is 500.
const NOTICEBOARD = fileURLToPath(new URL('./support/noticeboard.spec.md', import.meta.url));

// Issue 19's cases, each of which held every user's requests for seconds or more: the
// 2,000-character filter, string joins and contains() on large rows, the catastrophic pattern.
const COUNTS = {
  /**
   * Pages of LARGE_BODY characters, what the costly filters read. Enough that a join over all of
   * them outlasts MAX_STATEMENT_MS on a fast machine too: at 24 a run on CI finished every one
   * within the limit (about 430 ms each), and none was seen stopped.
   */
  largeRows: FULL ? 200 : 60,
  /** Seconds each hostile run lasts. */
  seconds: FULL ? 20 : 5,
  /** Hostile clients at once. */
  clients: FULL ? 4 : 2,
};
const LARGE_BODY = 200_000;
/** The most `/api/_health` and a normal list may take at the 99th percentile during a run. */
const P99_MS = 100;
/** Seconds the probes are measured on the quiet server before each run. */
const QUIET_SECONDS = 2;
// The normal list: a page of notes, without a filter.
const LIST = '/api/notes?limit=10';

/** A list of pages with a filter, as a hostile client sends it. */
const pagesFiltered = (filter: string): Hostile => ({
  path: `/api/pages?filter=${encodeURIComponent(filter)}`,
});

// Each hostile request is new to the server (a different literal each time), as an attacker
// would send them, so that nothing it keeps from one request spares it the next.
const VARIANTS = 2_000;
const variants = <T>(make: (n: number) => T): T[] =>
  Array.from({ length: VARIANTS }, (_, n) => make(n));

/** A filter of about 2,000 characters: seventy copies of the body searched for sixty-nine. */
function twoThousandCharacters(n: number): string {
  const copies = (count: number) => Array(count).fill('record.body').join(' + ');
  return `(${copies(70)}).contains(${copies(69)} + "${n}")`;
}

/** Within the filter budget, and yet each row costs tens of milliseconds on a large body. */
function joinsOnLargeRows(n: number): string {
  const copies = Array(4).fill('record.body').join(' + ');
  return `(${copies}).contains("${'a'.repeat(1_000)}${n}")`;
}

/** How the hostile requests were answered: `400 FILTER_TOO_COSTLY ×18, 503 TIMEOUT ×2`. */
const answered = (answers: readonly Timed[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = [a.status, a.code].filter(Boolean).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} ×${n}`).join(', ');
};

const spread = (answers: readonly { ms: number }[]) => {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(ms.length * q))]!.toFixed(0);
  return `${answers.length} asked; p50 ${at(0.5)}, p90 ${at(0.9)}, max ${at(1)}`;
};

/**
 * The p99 a probe must keep under attack: P99_MS, or on a machine too busy to keep it even
 * with no attack (a shared 2-core runner), what it keeps then and at most 50 ms more. The report
 * says which.
 */
const boundOf = (quiet: number) => Math.max(P99_MS, quiet + 50);

/**
 * Measures the probes on the quiet server for a while, then under the hostile requests; judges
 * the probes' 99th percentile under attack. Answers the run for the hostile answers' checks.
 */
async function attacked(base: string, name: string, requests: Hostile[]): Promise<LoadRun> {
  const options = { ...COUNTS, listPath: LIST };
  const quiet = await underLoad(base, [], { ...options, clients: 0, seconds: QUIET_SECONDS });
  const run = await underLoad(base, requests, options);
  const line = (what: string, under: Timed[], before: Timed[]) =>
    `${what} p99 ${p99(under).toFixed(1)} ms (${spread(under)}; quiet p99 ${p99(before).toFixed(1)})`;
  report(
    `${name}: ${run.hostile.length} hostile requests by ${COUNTS.clients} clients in ${COUNTS.seconds} s ` +
      `(${answered(run.hostile)}); ` +
      `${line('/api/_health', run.health, quiet.health)}; ${line('normal list', run.list, quiet.list)}`,
  );
  expect(run.health.every((a) => a.status === 200)).toBe(true);
  expect(run.list.every((a) => a.status === 200)).toBe(true);
  expect(run.hostile.length).toBeGreaterThan(0);
  expect(p99(run.health), 'p99 of /api/_health').toBeLessThan(boundOf(p99(quiet.health)));
  expect(p99(run.list), 'p99 of the normal list').toBeLessThan(boundOf(p99(quiet.list)));
  return run;
}

describe('hostile load: no request holds the others', () => {
  let server: SpecrunProcess;

  beforeAll(async () => {
    server = await startSpecrun(NOTICEBOARD, freshData());
    const body = 'a'.repeat(LARGE_BODY);
    for (let i = 0; i < COUNTS.largeRows; i++) {
      const made = await timed(server.base, '/api/pages', { title: `Page ${i}`, body });
      if (made.status !== 201) throw new Error(`a page: ${made.status}`);
    }
    for (let i = 0; i < 20; i++) await timed(server.base, '/api/notes', { title: `Note ${i}` });
    // Warm: the probes measure a server that has answered them before.
    for (let i = 0; i < 50; i++)
      await Promise.all([timed(server.base, LIST), timed(server.base, '/api/_health')]);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the 2,000-character filter at once, with FILTER_TOO_COSTLY', async () => {
    const filters = variants(twoThousandCharacters);
    expect(filters.every((f) => f.length > 1_900 && f.length <= 2_000)).toBe(true);
    const run = await attacked(server.base, '2,000-character filter', filters.map(pagesFiltered));
    expect(run.hostile.every((a) => a.status === 400 && a.code === 'FILTER_TOO_COSTLY')).toBe(true);
  });

  it('stops string joins and contains() on large rows at MAX_STATEMENT_MS, off the event loop', async () => {
    const run = await attacked(
      server.base,
      'joins and contains() on large rows',
      variants((n) => pagesFiltered(joinsOnLargeRows(n))),
    );
    // Each ran until stopped (FILTER_TOO_COSTLY), or waited its whole limit behind the others
    // and was not run (TIMEOUT), or, on a fast machine, finished within the limit (200): an
    // answer within the limit, never a 5xx of its own.
    for (const answer of run.hostile)
      expect([answer.status, answer.code]).toSatisfy(
        ([status, code]) =>
          status === 200 ||
          (status === 400 && code === 'FILTER_TOO_COSTLY') ||
          (status === 503 && code === 'TIMEOUT'),
      );
    expect(run.hostile.some((a) => a.code === 'FILTER_TOO_COSTLY')).toBe(true);
    expect(Math.max(...run.hostile.map((a) => a.ms))).toBeLessThan(500 + 1_500);
  });

  it('checks the catastrophic pattern in linear time', async () => {
    // `^([a-z]+)+$` on 27 letters and a `!`: about a second on a backtracking engine, twice as
    // long with each letter more; microseconds on RE2.
    const slug = `${'a'.repeat(27)}!`;
    const run = await attacked(server.base, 'catastrophic pattern', [
      { path: '/api/notes', body: { title: 'Hostile', slug } },
    ]);
    expect(run.hostile.every((a) => a.status === 422 && a.code === 'VALIDATION_FAILED')).toBe(true);
  });

  it('stops on SIGTERM while a costly filter runs', async () => {
    // On a connection of its own that closes after the answer: a kept-alive connection holds
    // the server's close until its keep-alive timeout, which is not this case's subject.
    const target = pagesFiltered(joinsOnLargeRows(0)).path;
    const running = rawRequest(server.base, { method: 'GET', target }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await server.stop();
    const stopMs = performance.now() - started;
    report(`SIGTERM during a costly filter: stopped in ${stopMs.toFixed(0)} ms`);
    expect(stopMs).toBeLessThan(5_000);
    await running;
  });
});
