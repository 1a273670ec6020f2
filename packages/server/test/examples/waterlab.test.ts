import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { exampleModel, ok, refused, serveExample, type Person } from './support/served-example.js';

// examples/waterlab.spec.md, a specification written from the language reference alone (issue
// 21's "a product unlike our examples"), as its laboratory meets it over HTTP: numbered batches,
// labels unique per batch, a guard that counts and reads a max() of measurements, an effect that
// raises an alert, a rule on delete, and samples the system expires after their holding time.
const model = exampleModel('waterlab');
const HOUR = 3_600_000;
const hoursAgo = (n: number) => new Date(Date.now() - n * HOUR).toISOString();

type Body = Record<string, unknown>;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the water lab example over HTTP', (databases) => {
    // The scheduler's clock, moved by the tests; ticks only when asked.
    let now = new Date();
    const lab = serveExample(databases, model, { clock: () => now, intervalMs: 0 });
    const p = {} as Record<'tess' | 'tom' | 'max', Person>;
    let client: Body;

    beforeAll(async () => {
      p.tess = await lab.person(['technician'], 'Tess');
      p.tom = await lab.person(['technician'], 'Tom');
      p.max = await lab.person(['manager'], 'Max');
      client = ok(
        await lab.send('/api/clients', {
          method: 'POST',
          as: p.max,
          body: { name: 'Thames Water', contactEmail: 'lab@thames.example' },
        }),
        201,
      );
    }, 60_000);

    const post = (url: string, as: Person, body: unknown = {}) =>
      lab.send(url, { method: 'POST', as, body });
    const batch = async () => ok(await post('/api/batches', p.tess, { client: client.id }), 201);
    const sample = async (of: Body, label: string, fields: Body = {}) =>
      ok(
        await post('/api/samples', p.tess, {
          batch: of.id,
          label,
          takenAt: hoursAgo(1),
          ...fields,
        }),
        201,
      );
    const measure = async (of: Body, parameter: string, value: string, as = p.tess) =>
      ok(await post('/api/measurements', as, { sample: of.id, parameter, value }), 201);
    const act = (of: Body, action: string, as = p.tess) =>
      post(`/api/samples/${String(of.id)}/${action}`, as);

    describe('batches', () => {
      it('are numbered in a series of the year, without gaps, and only a manager adds clients', async () => {
        const year = new Date().getUTCFullYear();
        const first = await batch();
        const second = await batch();
        const n = Number(String(first.reference).split('-')[2]);
        expect(first.reference).toMatch(new RegExp(`^B-${year}-\\d{3}$`));
        expect(second.reference).toBe(`B-${year}-${String(n + 1).padStart(3, '0')}`);
        const body = { name: 'Council', contactEmail: 'c@council.example' };
        refused(lab, await post('/api/clients', p.tess, body), 'FORBIDDEN', 403);
      });
    });

    describe('samples and measurements', () => {
      it('keeps labels unique within a batch, refuses a sample from the future, and reports every problem', async () => {
        const b = await batch();
        await sample(b, 'A1');
        await sample(await batch(), 'A1');
        const answer = await post('/api/samples', p.tess, {
          batch: b.id,
          label: 'A1',
          takenAt: new Date(Date.now() + HOUR).toISOString(),
          holdHours: 500,
        });
        const problem = refused(lab, answer, 'VALIDATION_FAILED', 422);
        expect(
          (problem.errors as Body[]).map((e) => `${String(e.field)} ${String(e.code)}`),
        ).toEqual([
          'holdHours VALIDATION_FAILED',
          'label ALREADY_TAKEN',
          'takenAt TAKEN_IN_FUTURE',
        ]);
      });

      it('takes measurements only while a sample is analysed, and passes it only when lead is low enough', async () => {
        const s = await sample(await batch(), 'B1');
        refused(
          lab,
          await post('/api/measurements', p.tess, { sample: s.id, parameter: 'ph', value: '7.2' }),
          'SAMPLE_NOT_OPEN',
          409,
        );
        ok(await act(s, 'start'));
        await measure(s, 'ph', '7.2');
        refused(lab, await act(s, 'pass'), 'NOT_READY_TO_PASS', 409);
        await measure(s, 'lead', '0.004');
        const read = ok(await lab.send(`/api/samples/${String(s.id)}`, { as: p.tess }));
        expect(read).toMatchObject({ maxLead: '0.004', actions: ['pass', 'fail'] });
        expect(ok(await act(s, 'pass'))).toMatchObject({ status: 'passed' });
      });

      it('refuses a pass over the lead limit, and a failed sample raises an alert in the same move', async () => {
        const b = await batch();
        const s = await sample(b, 'C1');
        ok(await act(s, 'start'));
        await measure(s, 'lead', '0.05');
        await measure(s, 'nitrate', '12');
        const read = ok(await lab.send(`/api/samples/${String(s.id)}`, { as: p.tess }));
        expect(read.actions).toEqual(['fail']);
        refused(lab, await act(s, 'pass'), 'NOT_READY_TO_PASS', 409);
        ok(await act(s, 'fail'));
        const alerts = ok(await lab.send(`/api/alerts?batch=${String(b.id)}`, { as: p.max }));
        expect((alerts.items as Body[]).map((a) => a.text)).toEqual(['Sample C1 failed.']);
        // Alerts are the manager's: a technician reads none.
        refused(lab, await lab.send('/api/alerts', { as: p.tess }), 'FORBIDDEN', 403);
      });

      it('keeps the measurements of a concluded sample, and lets only their author delete them before', async () => {
        const s = await sample(await batch(), 'D1');
        ok(await act(s, 'start'));
        const mine = await measure(s, 'ph', '7.0');
        const theirs = await measure(s, 'lead', '0.001', p.tom);
        const del = (m: Body, as: Person) =>
          lab.send(`/api/measurements/${String(m.id)}`, { method: 'DELETE', as });
        refused(lab, await del(theirs, p.tess), 'FORBIDDEN', 403);
        ok(await del(mine, p.tess), 204);
        await measure(s, 'ph', '7.1');
        ok(await act(s, 'pass'));
        refused(lab, await del(theirs, p.tom), 'SAMPLE_CONCLUDED', 409);
      });

      it('reports a batch only once none of its samples waits, by the manager', async () => {
        const b = await batch();
        const s = await sample(b, 'E1');
        const report = () => post(`/api/batches/${String(b.id)}/report`, p.max);
        refused(lab, await report(), 'SAMPLES_PENDING', 409);
        ok(await act(s, 'start'));
        ok(await act(s, 'fail'));
        const reported = ok(await report());
        expect(reported).toMatchObject({ status: 'reported', openSamples: 0 });
        expect(reported.reportedAt).toEqual(expect.any(String));
        refused(
          lab,
          await post('/api/samples', p.tess, { batch: b.id, label: 'late', takenAt: hoursAgo(1) }),
          'BATCH_CLOSED',
          409,
        );
      });
    });

    describe('the holding time', () => {
      it('expires a sample nobody started once its hours have passed, by the system, once', async () => {
        const b = await batch();
        const kept = await sample(b, 'F1', { takenAt: hoursAgo(10), holdHours: 12 });
        const started = await sample(b, 'F2', { takenAt: hoursAgo(10), holdHours: 12 });
        ok(await act(started, 'start'));
        const scheduler = lab.app().scheduler!;
        now = new Date(Date.now() + HOUR);
        expect((await scheduler.tick()).taken).not.toContain(`Sample expire ${String(kept.id)}`);
        now = new Date(Date.now() + 3 * HOUR);
        const taken = (await scheduler.tick()).taken;
        expect(taken).toContain(`Sample expire ${String(kept.id)}`);
        expect(taken).not.toContain(`Sample expire ${String(started.id)}`);
        expect((await scheduler.tick()).taken).toEqual([]);
        const read = ok(await lab.send(`/api/samples/${String(kept.id)}`, { as: p.tess }));
        expect(read).toMatchObject({ status: 'expired', actions: [] });
        const history = ok(
          await lab.send(`/api/samples/${String(kept.id)}/history`, { as: p.tess }),
        );
        expect(history.items).toEqual([
          expect.objectContaining({ action: 'expire', fromState: 'registered', byUser: null }),
        ]);
      });
    });
  });
}
