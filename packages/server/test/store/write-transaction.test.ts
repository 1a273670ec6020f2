import { expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  getRecord,
  insertRecord,
  listRecords,
  writeTransaction,
  type Db,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { gate } from '../support/gate.js';
import { useHelpdeskStore } from './helpdesk-store.js';

/** Whether `promise` has settled once pending callbacks and I/O have had their turn. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return settled;
}

// What any change to how a write transaction runs its statements must keep (running them at
// once on SQLite's one connection, as tried for issue 24, among others).
for (const dialect of DIALECTS) {
  describeDialect(dialect, 'write transactions', (databases) => {
    const { store, db, t } = useHelpdeskStore(databases);
    const titles = async () =>
      (await listRecords(db(), t('Ticket'))).records.map((r) => r.title).sort();

    for (const outcome of ['commits', 'rolls back'] as const) {
      it(`lets another request read only committed data while a write is open, which then ${outcome}`, async () => {
        const inserted = gate();
        const finish = gate();
        let id = '';
        const write = writeTransaction(store(), async (trx) => {
          id = (await insertRecord(trx, t('Ticket'), { title: 'pending' })).id as string;
          inserted.open();
          await finish.opened;
          if (outcome === 'rolls back') throw new Error('refused after the insert');
        });
        await inserted.opened;
        const read = getRecord(db(), t('Ticket'), id);
        const list = titles();
        if (dialect === 'sqlite') {
          // One connection, held by the write: the reads wait for it to end.
          expect(await settledYet(read)).toBe(false);
          expect(await settledYet(list)).toBe(false);
        } else {
          expect(await read).toBeUndefined();
          expect(await list).toEqual([]);
        }
        finish.open();
        if (outcome === 'rolls back') await expect(write).rejects.toThrow('refused');
        else await write;
        const committed = outcome === 'commits' && dialect === 'sqlite';
        expect((await read)?.title).toBe(committed ? 'pending' : undefined);
        expect(await list).toEqual(committed ? ['pending'] : []);
        expect(await titles()).toEqual(outcome === 'commits' ? ['pending'] : []);
      });
    }

    it('refuses a statement of the work that comes after its transaction ended, writing nothing', async () => {
      let kept: Db | undefined;
      await writeTransaction(store(), async (trx) => {
        kept = trx;
        await insertRecord(trx, t('Ticket'), { title: 'committed' });
      });
      await expect(insertRecord(kept!, t('Ticket'), { title: 'late' })).rejects.toThrow(
        'already committed',
      );
      const failed = writeTransaction(store(), async (trx) => {
        kept = trx;
        await insertRecord(trx, t('Ticket'), { title: 'rolled back' });
        throw new Error('failed');
      });
      await expect(failed).rejects.toThrow('failed');
      await expect(insertRecord(kept!, t('Ticket'), { title: 'late' })).rejects.toThrow(
        'already rolled back',
      );
      expect(await titles()).toEqual(['committed']);
    });

    // PostgreSQL's transactions overlap (its count rules take advisory locks instead).
    it.runIf(dialect === 'sqlite')(
      'runs two writes one after the other, the second reading what the first committed',
      async () => {
        const inserted = gate();
        const finish = gate();
        const first = writeTransaction(store(), async (trx) => {
          await insertRecord(trx, t('Ticket'), { title: 'first' });
          inserted.open();
          await finish.opened;
        });
        await inserted.opened;
        const second = writeTransaction(store(), async (trx) => {
          const seen = (await listRecords(trx, t('Ticket'))).records.map((r) => r.title);
          await insertRecord(trx, t('Ticket'), { title: 'second' });
          return seen;
        });
        expect(await settledYet(second)).toBe(false);
        finish.open();
        await first;
        expect(await second).toEqual(['first']);
        expect(await titles()).toEqual(['first', 'second']);
      },
    );

    // SQLite ends a transaction by itself on some errors (a full disk, a trigger's
    // RAISE(ROLLBACK)): a statement after that would run and commit on its own.
    it.runIf(dialect === 'sqlite')(
      'refuses the statements of a work whose transaction the database rolled back itself',
      async () => {
        await sql`CREATE TRIGGER "refuse_boom" BEFORE INSERT ON "tickets" WHEN NEW."title" = 'boom'
          BEGIN SELECT RAISE(ROLLBACK, 'boom'); END`.execute(db());
        const write = writeTransaction(store(), async (trx) => {
          await insertRecord(trx, t('Ticket'), { title: 'before' });
          await expect(insertRecord(trx, t('Ticket'), { title: 'boom' })).rejects.toThrow('boom');
          await insertRecord(trx, t('Ticket'), { title: 'after' });
        });
        await expect(write).rejects.toThrow('rolled back by the database');
        expect(await titles()).toEqual([]);
        // The connection is free again: the next write runs and commits.
        await writeTransaction(store(), (trx) => insertRecord(trx, t('Ticket'), { title: 'next' }));
        expect(await titles()).toEqual(['next']);
      },
    );
  });
}
