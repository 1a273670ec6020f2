import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseSpec } from '@specrun/language';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/accounts.js';
import { clientErrorProblem, catalogueCodes } from './support/answers.js';
import { callsOf, type CallShape } from './support/api-calls.js';
import { badRequests, type Fixture } from './support/bad-requests.js';
import { COUNTS, report } from './support/counts.js';
import { hostileRequests } from './support/hostile-requests.js';
import { HELPDESK, startHelpdesk, type Helpdesk } from './support/helpdesk.js';
import { rawRequest, send } from './support/raw-http.js';
import { snapshot } from './support/sqlite-snapshot.js';

// Against a real `specrun start` process: generated bad requests for every call of the API,
// then a fixed hostile set. Every answer is a 4xx with a catalogue code that gives nothing of the
// inside away, and the database is exactly as it was.
describe('malformed input', () => {
  let h: Helpdesk;
  let calls: CallShape[];
  let codes: Set<string>;
  let fixture: Fixture;
  let before: ReturnType<typeof snapshot>;
  let tried = 0;

  beforeAll(async () => {
    h = await startHelpdesk();
    const response = await fetch(`${h.server.base}/openapi.json`);
    calls = callsOf((await response.json()) as Parameters<typeof callsOf>[0]);
    codes = catalogueCodes(parseSpec(readFileSync(HELPDESK, 'utf8')).model!);
    const ids: Record<string, string> = {
      '/api/tickets': h.ids.ticket,
      '/api/products': h.ids.product,
      '/api/comments': h.ids.comment,
      '/api/users': h.customer.id,
    };
    fixture = {
      idFor: (collection) => ids[collection] ?? 'no-such-collection',
      cookies: [undefined, h.customer.cookie, h.agent.cookie, h.admin.cookie],
    };
    before = snapshot((h.storage as { data: string }).data);
  }, 120_000);

  afterAll(async () => {
    await h?.server.stop();
  });

  it(`answers ${COUNTS.badRequestsPerCall} generated bad requests per call with a catalogued 4xx`, async () => {
    expect(calls.length).toBeGreaterThan(30);
    const untested: string[] = [];
    for (const shape of calls) {
      const generated = badRequests(shape, fixture);
      if (!generated) {
        untested.push(`${shape.method} ${shape.path}`);
        continue;
      }
      await fc.assert(
        fc.asyncProperty(generated, async (bad) => {
          tried += 1;
          const answer = await send(h.server.base, bad.request);
          const problem = clientErrorProblem(answer, codes);
          if (problem) throw new Error(`${shape.method} ${shape.path}, ${bad.defect}: ${problem}`);
        }),
        { numRuns: COUNTS.badRequestsPerCall },
      );
    }
    report(
      `malformed input: ${tried} generated bad requests over ${calls.length - untested.length} calls` +
        (untested.length > 0 ? ` (none applies to ${untested.join(', ')})` : ''),
    );
    expect(untested).toEqual([]);
  }, 600_000);

  it('answers the fixed hostile set without a 5xx or a leak', async () => {
    const requests = hostileRequests(calls, fixture);
    const failures: string[] = [];
    for (const { name, request, expectClientError } of requests) {
      const answer = await rawRequest(h.server.base, request);
      const problem = expectClientError
        ? clientErrorProblem(answer, codes)
        : answer.status >= 500
          ? `status ${answer.status}`
          : undefined;
      if (problem) failures.push(`${name}: ${problem}`);
    }
    report(`malformed input: ${requests.length} fixed hostile requests`);
    expect(failures).toEqual([]);
  }, 300_000);

  it('leaves the database exactly as it was, and every session working', async () => {
    expect(snapshot((h.storage as { data: string }).data)).toEqual(before);
    for (const caller of [h.customer, h.agent, h.admin])
      expect((await call(h.server.base, caller, 'GET', '/api/me')).status).toBe(200);
  });
});
