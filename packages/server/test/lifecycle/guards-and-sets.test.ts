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
import { transitionsOnly } from './support/transitions-only.js';

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
      expect(transitionsOnly(await payments().availableActions(h.lctx(clerk), { id }))).toEqual([
        'approve',
        'drop',
      ]);
      expect(transitionsOnly(await payments().availableActions(h.lctx(owner), { id }))).toEqual([
        'drop',
      ]);
      expect(transitionsOnly(await payments().availableActions(h.lctx(null), { id }))).toEqual([
        'drop',
      ]);
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
      expect(transitionsOnly(await payments().availableActions(ctxLater, { id }))).toEqual([]);
      const notDue = await refused(payments().transition(ctxLater, id, 'pay', {}));
      expect(notDue.code).toBe('NOT_DUE');
      expect(transitionsOnly(await payments().availableActions(h.lctx(clerk), { id }))).toEqual([
        'pay',
      ]);
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

// The approver named in the payload must be a user: a count that reads `input`, run in SQL with
// the payload bound as parameters (it would need the whole table in JavaScript).
const approverWhen = '`count(User, u, u.id == input.approver) == 1 && input.amount > 0`';
const countingInput = paymentsModel((t) => t.replace(/`input\.amount > 0 && [^`]*`/, approverWhen));

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'a guard counting with input', (databases) => {
    const h = useLifecycleHarness(databases, countingInput, {});
    const approve = (actor: Actor, id: string, input: unknown) =>
      h.lifecycle('Payment').transition(h.lctx(actor), id, 'approve', input);

    it('counts in the database with the payload bound, refusing what evaluate() refuses', async () => {
      const { owner, clerk, id } = await pendingPayment(h);
      for (const input of [
        { amount: 5, approver: 'nobody' },
        { amount: 5 },
        { amount: 5, approver: 7 },
      ])
        expect((await refused(approve(clerk, id, input))).code).toBe('OVER_LIMIT');
      expect(await h.historyCount('Payment', id)).toBe(0);
      const approved = await approve(clerk, id, { amount: 5, approver: owner.id });
      expect(approved).toMatchObject({ status: 'approved', amount: 5 });
    });

    it('offers the action when listing, the payload not being known yet', async () => {
      const { clerk, id } = await pendingPayment(h);
      expect(
        transitionsOnly(await h.lifecycle('Payment').availableActions(h.lctx(clerk), { id })),
      ).toEqual(['approve', 'drop']);
    });
  });
}

describe('a lifecycle that cannot run', () => {
  const root = mkdtempSync(join(tmpdir(), 'specrun-lifecycle-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  // What start refuses, check reports first, under `code`: the model is read past that error,
  // so that start's own refusal is what is tried.
  const prepare = (edit: (text: string) => string, code?: string) => {
    if (code) expect(() => paymentsModel(edit)).toThrow();
    const model = paymentsModel(edit, code ? [code] : []);
    const store = openStore({ dataDir: join(root, String(Math.random()).slice(2)) });
    try {
      return () => prepareLifecycles(prepareApp(model, store));
    } finally {
      void store.close();
    }
  };
  const approveWhen = /`input\.amount > 0 && [^`]*`/;

  it('is refused at start when a guard part reading input counts records outside SQL', () => {
    const edit = (t: string) =>
      t.replace(approveWhen, '`count(Payment, p, p.account == record.account) < input.max`');
    expect(prepare(edit, 'cannot-run-in-database')).toThrow(
      /counts records in a part that cannot run in the database/,
    );
  });

  it('runs a counting part that compares input with == or !=', () => {
    const either = (t: string) =>
      t.replace(
        approveWhen,
        '`count(Payment, p, p.status == "paid") == 0 \\|\\| input.force == true`',
      );
    expect(prepare(either)).not.toThrow();
  });

  it('is refused at start when a Set counts records', () => {
    const edit = (t: string) =>
      t.replace('note = `"dropped"`', 'amount = `count(Payment, p, p.account == record.account)`');
    expect(prepare(edit, 'count-in-sets')).toThrow(/count\(\)/);
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
