import { prepareApp } from '../../src/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Catalogue } from '@specrun/model';
import { AppError, openStore, type Actor } from '../../src/index.js';
import { prepareLifecycles } from '../../src/lifecycle/index.js';
import { prepareGuard } from '../../src/lifecycle/prepare-guard.js';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useLifecycleHarness, type LifecycleHarness } from './support/lifecycle-harness.js';
import { paymentsModel } from './support/payments-spec.js';

const model = paymentsModel();
const DAY = 86_400_000;

async function refused(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A clerk who owns an account (limit 100) with a pending payment on it, and another clerk. */
async function pendingPayment(h: LifecycleHarness) {
  const owner = await h.actor(['clerk']);
  const clerk = await h.actor(['clerk']);
  const account = await h.make('Account', owner, { limit: 100 });
  const payment = await h.make('Payment', owner, { account: account.id });
  return { owner, clerk, account, payment, id: payment.id as string };
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'guards and Sets beyond the examples', (databases) => {
    const h = useLifecycleHarness(databases, model, {});
    const payments = () => h.lifecycle('Payment');
    const approve = (actor: Actor | null, id: string, input: unknown) =>
      payments().transition(h.lctx(actor), id, 'approve', input);

    it('runs a guard part reading input, following a reference, in JavaScript', async () => {
      const { owner, clerk, id } = await pendingPayment(h);
      const answer = await approve(clerk, id, { amount: 60 });
      expect(answer).toMatchObject({ status: 'approved', amount: 60, approvedBy: owner.id });
      const { items } = await payments().history(h.lctx(clerk), id);
      expect(items).toMatchObject([{ action: 'approve', input: { amount: 60 }, byUser: clerk.id }]);
    });

    it("answers the row's code when any part of the guard fails, and changes nothing", async () => {
      const { owner, clerk, id } = await pendingPayment(h);
      const before = await h.stored('Payment', id);
      const overLimit = await refused(approve(clerk, id, { amount: 101 }));
      expect(overLimit.code).toBe('OVER_LIMIT');
      expect(overLimit.detail).toBe(new Catalogue(model).resolve('OVER_LIMIT').message);
      expect((await refused(approve(owner, id, { amount: 10 }))).code).toBe('OVER_LIMIT');
      expect((await refused(approve(clerk, id, { amount: 'lots' }))).code).toBe('OVER_LIMIT');
      expect((await refused(approve(clerk, id, {}))).code).toBe('OVER_LIMIT');
      expect(await h.stored('Payment', id)).toEqual(before);
      expect(await h.historyCount('Payment', id)).toBe(0);
    });

    it('checks what Sets write like an update, naming the field', async () => {
      const { clerk, id } = await pendingPayment(h);
      const before = await h.stored('Payment', id);
      const error = await refused(approve(clerk, id, { amount: 2.5 }));
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.errors?.map((e) => e.field)).toEqual(['amount']);
      expect(await h.stored('Payment', id)).toEqual(before);
    });

    it('offers an action whose guard reads input when the rest of the guard holds', async () => {
      const { owner, clerk, id } = await pendingPayment(h);
      expect(await payments().availableActions(h.lctx(clerk), { id })).toEqual(['approve', 'drop']);
      expect(await payments().availableActions(h.lctx(owner), { id })).toEqual(['drop']);
      expect(await payments().availableActions(h.lctx(null), { id })).toEqual(['drop']);
    });

    it('compares a date with now in the time zone, in SQL or in JavaScript alike', async () => {
      const mapping = modelSqlMapping(model, dialect);
      const pay = model.lifecycles[0]!.transitions.find((t) => t.action === 'pay')!;
      const guard = prepareGuard(model, 'Payment', pay, mapping);
      // SQLite has no time zones: there the guard runs in JavaScript, on PostgreSQL in SQL.
      expect(guard.sql === undefined).toBe(dialect === 'sqlite');
      const { clerk, id } = await pendingPayment(h);
      await approve(clerk, id, { amount: 10 });
      const today = await h.stored('Payment', id);
      const later = new Date(Date.parse(`${today.dueOn as string}T00:00:00+01:00`) - DAY);
      const ctxLater = h.lctx(clerk, later);
      expect(await payments().availableActions(ctxLater, { id })).toEqual([]);
      const notDue = await refused(payments().transition(ctxLater, id, 'pay', {}));
      expect(notDue.code).toBe('NOT_DUE');
      expect(await payments().availableActions(h.lctx(clerk), { id })).toEqual(['pay']);
      const paid = await payments().transition(h.lctx(clerk), id, 'pay', {});
      expect(paid.status).toBe('paid');
    });

    it('lets anyone take an action whose Who is anyone, recording nobody as its author', async () => {
      const { id } = await pendingPayment(h);
      const dropped = await payments().transition(h.lctx(null), id, 'drop', undefined);
      expect(dropped).toMatchObject({ status: 'void', note: 'dropped' });
      const { items } = await payments().history(h.lctx(null), id);
      expect(items).toMatchObject([{ action: 'drop', byUser: null, input: {} }]);
    });
  });
}

describe('a lifecycle that cannot run', () => {
  const root = mkdtempSync(join(tmpdir(), 'specrun-lifecycle-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const prepare = (edit: (text: string) => string) => {
    const store = openStore({ dataDir: join(root, String(Math.random()).slice(2)) });
    try {
      return () => prepareLifecycles(prepareApp(paymentsModel(edit), store));
    } finally {
      void store.close();
    }
  };
  const approveWhen = /`input\.amount > 0 && [^`]*`/;

  it('is refused at start when a guard part reading input counts records', () => {
    const edit = (t: string) =>
      t.replace(approveWhen, '`count(Payment, p, p.account == record.account) < input.max`');
    expect(prepare(edit)).toThrow(/counts records/);
    const either = (t: string) =>
      t.replace(
        approveWhen,
        '`count(Payment, p, p.status == "paid") == 0 \\|\\| input.force == true`',
      );
    expect(prepare(either)).toThrow(/counts records/);
  });

  it('is refused at start when a Set counts records', () => {
    const edit = (t: string) =>
      t.replace('note = `"dropped"`', 'amount = `count(Payment, p, p.account == record.account)`');
    expect(prepare(edit)).toThrow(/count\(\)/);
  });

  it('runs when the counting part stands apart from the input', () => {
    const edit = (t: string) =>
      t.replace(approveWhen, '`count(Payment, p, p.status == "pending") < 10 && input.amount > 0`');
    expect(prepare(edit)).not.toThrow();
  });
});

describe('what each input of an action feeds, for the history', () => {
  const root = mkdtempSync(join(tmpdir(), 'specrun-lifecycle-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const feedsOf = (edit: (text: string) => string, action: string) => {
    const store = openStore({ dataDir: join(root, String(Math.random()).slice(2)) });
    try {
      const payment = prepareApp(paymentsModel(edit), store).entities.get('Payment')!;
      return payment.lifecycle!.inputFeeds.get(action);
    } finally {
      void store.close();
    }
  };

  it('maps an input to the fields its Sets work out from it', () => {
    const memo = (t: string) =>
      t.replace('note = `"dropped"`', 'note = `"dropped: " + input.memo`');
    expect(feedsOf(memo, 'approve')).toEqual(new Map([['amount', new Set(['amount'])]]));
    expect(feedsOf(memo, 'drop')).toEqual(new Map([['memo', new Set(['note'])]]));
    expect(feedsOf((t) => t, 'pay')).toEqual(new Map());
  });

  it('feeds nothing from an input that one row of the action reads in its When alone', () => {
    const again = (t: string) =>
      t.replace(
        '| approved | pay |',
        '| approved | approve | approved | clerk | `input.amount > 1000` | | OVER_LIMIT |\n| approved | pay |',
      );
    expect(feedsOf(again, 'approve')).toEqual(new Map([['amount', new Set()]]));
  });
});
