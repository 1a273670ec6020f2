import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/accounts.js';
import { report } from './support/counts.js';
import { startHelpdesk, type Helpdesk } from './support/helpdesk.js';

const RACERS = 50;

/** Fires the same kind of write RACERS times at once; answers the statuses and codes. */
async function race(send: (i: number) => ReturnType<typeof call>) {
  const answers = await Promise.all(Array.from({ length: RACERS }, (_, i) => send(i)));
  return answers.map((a) => ({
    status: a.status,
    code: a.body.code as string | undefined,
    body: a.body,
  }));
}

const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;

describe('concurrency', () => {
  let h: Helpdesk;

  beforeAll(async () => {
    h = await startHelpdesk();
  });

  afterAll(async () => {
    await h?.server.stop();
  });

  it(`lets exactly one of ${RACERS} writers with the same If-Match win`, async () => {
    const path = `/api/products/${h.ids.product}`;
    const read = await fetch(`${h.server.base}${path}`, { headers: { cookie: h.admin.cookie } });
    const etag = read.headers.get('etag')!;
    const answers = await race((i) =>
      call(h.server.base, h.admin, 'PATCH', path, { name: `Renamed ${i}` }, { 'if-match': etag }),
    );
    report(`concurrency: ${RACERS} updates with If-Match ${etag}`);
    expect(count(answers, (a) => a.status === 200)).toBe(1);
    expect(count(answers, (a) => a.status === 412 && a.code === 'CONFLICT')).toBe(RACERS - 1);
    const winner = answers.find((a) => a.status === 200)!.body;
    const now = await call(h.server.base, h.admin, 'GET', path);
    expect(now.body).toMatchObject({
      name: winner.name,
      version: Number(etag.replace(/"/g, '')) + 1,
    });
  });

  it(`lets exactly one of ${RACERS} racing transitions happen`, async () => {
    const made = await call(h.server.base, h.customer, 'POST', '/api/tickets', {
      title: 'Racing ticket',
      body: 'Who takes it?',
    });
    expect(made.status).toBe(201);
    const path = `/api/tickets/${made.body.id as string}`;
    const answers = await race(() => call(h.server.base, h.agent, 'POST', `${path}/take`));
    report(`concurrency: ${RACERS} racing take transitions`);
    expect(count(answers, (a) => a.status === 200)).toBe(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(
      refused.every(
        (a) => a.status === 409 && ['TRANSITION_NOT_ALLOWED', 'CONFLICT'].includes(a.code!),
      ),
    ).toBe(true);
    const history = await call(h.server.base, h.agent, 'GET', `${path}/history`);
    expect((history.body.items as { action: string }[]).map((e) => e.action)).toEqual(['take']);
    const ticket = await call(h.server.base, h.agent, 'GET', path);
    expect(ticket.body).toMatchObject({ status: 'assigned', assignee: h.agent.id, version: 2 });
  });
});
