import { expect, it } from 'vitest';
import {
  deleteRecord,
  getRecord,
  insertRecord,
  InvalidValuesError,
  appendHistory,
  listRecords,
  readHistory,
  writeTransaction,
  updateRecord,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHelpdeskStore } from './helpdesk-store.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'records', (databases) => {
    const { store, db, t } = useHelpdeskStore(databases);

    it('keeps the items of a list of field in order, and replaces them on update', async () => {
      const [a, b, c] = await Promise.all(
        ['a', 'b', 'c'].map((name) => insertRecord(db(), t('Tag'), { name })),
      );
      const ticket = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        tags: [c!.id, a!.id],
      });
      expect(ticket.tags).toEqual([c!.id, a!.id]);
      const updated = await updateRecord(db(), t('Ticket'), ticket.id as string, 1, {
        tags: [b!.id],
      });
      expect(updated?.tags).toEqual([b!.id]);
      expect((await getRecord(db(), t('Ticket'), ticket.id as string))?.tags).toEqual([b!.id]);
      await expect(
        insertRecord(db(), t('Ticket'), { title: 'y', tags: ['nope'] }),
      ).rejects.toMatchObject({ kind: 'foreign-key' });
      await expect(
        insertRecord(db(), t('Ticket'), { title: 'y', tags: [a!.id, a!.id] }),
      ).rejects.toBeInstanceOf(InvalidValuesError);
    });

    it('stores the roles of users', async () => {
      const user = await insertRecord(db(), t('User'), {
        email: 'ada@example.com',
        name: 'Ada',
        roles: ['agent', 'admin'],
      });
      expect(user.roles).toEqual(['admin', 'agent']);
      const ticket = await insertRecord(
        db(),
        t('Ticket'),
        { title: 'x', assignee: user.id },
        { by: user.id as string },
      );
      expect(ticket).toMatchObject({ assignee: user.id, createdBy: user.id });
    });

    it('updates only the version it was given, and answers undefined when stale', async () => {
      const ticket = await insertRecord(
        db(),
        t('Ticket'),
        { title: 'x' },
        { now: new Date('2024-01-01T00:00:00Z') },
      );
      const id = ticket.id as string;
      const updated = await updateRecord(db(), t('Ticket'), id, 1, {
        title: 'y',
        urgent: true,
      });
      expect(updated).toMatchObject({
        title: 'y',
        urgent: true,
        version: 2,
        createdAt: '2024-01-01T00:00:00.000Z',
      });
      expect(String(updated!.updatedAt) > String(ticket.updatedAt)).toBe(true);
      expect(await updateRecord(db(), t('Ticket'), id, 1, { title: 'stale' })).toBeUndefined();
      expect(await updateRecord(db(), t('Ticket'), 'missing', 1, { title: 'z' })).toBeUndefined();
      expect(await getRecord(db(), t('Ticket'), id)).toMatchObject({ title: 'y', version: 2 });
      await expect(
        updateRecord(db(), t('Ticket'), id, 2, { createdAt: 'x' }),
      ).rejects.toBeInstanceOf(InvalidValuesError);
    });

    it('refuses to delete a record others refer to, saying which and how many', async () => {
      const ticket = await insertRecord(db(), t('Ticket'), { title: 'x' });
      const id = ticket.id as string;
      const comments = await Promise.all(
        [1, 2].map(() => insertRecord(db(), t('Comment'), { ticket: id, text: 'hi' })),
      );
      expect(await deleteRecord(db(), t('Ticket'), id)).toEqual({
        ok: false,
        code: 'REFERENCED',
        references: [{ entity: 'Comment', field: 'ticket', count: 2 }],
      });
      expect(await getRecord(db(), t('Ticket'), id)).toBeDefined();
      for (const c of comments)
        expect(await deleteRecord(db(), t('Comment'), c.id as string)).toEqual({ ok: true });
      expect(await deleteRecord(db(), t('Ticket'), id, 9)).toEqual({
        ok: false,
        code: 'CONFLICT',
      });
      expect(await deleteRecord(db(), t('Ticket'), id, 1)).toEqual({ ok: true });
      expect(await getRecord(db(), t('Ticket'), id)).toBeUndefined();
      expect(await deleteRecord(db(), t('Ticket'), id)).toEqual({
        ok: false,
        code: 'NOT_FOUND',
      });
    });

    it('refuses to delete an item still in a list', async () => {
      const tag = await insertRecord(db(), t('Tag'), { name: 'a' });
      await insertRecord(db(), t('Ticket'), { title: 'x', tags: [tag.id] });
      const result = await deleteRecord(db(), t('Tag'), tag.id as string);
      expect(result).toEqual({
        ok: false,
        code: 'REFERENCED',
        references: [{ entity: 'Ticket', field: 'tags', count: 1 }],
      });
    });

    it('keeps a history of each record, input included', async () => {
      const user = await insertRecord(db(), t('User'), { email: 'a@example.com', name: 'A' });
      const ticket = await insertRecord(db(), t('Ticket'), { title: 'x' });
      const recordId = ticket.id as string;
      const at = new Date('2024-05-01T07:30:00.123Z');
      await appendHistory(db(), t('Ticket'), {
        recordId,
        action: 'create',
        toState: 'open',
        at,
      });
      const input = { assignee: user.id, note: 'ünïcode', amount: '12.50' };
      const byUser = user.id as string;
      await appendHistory(db(), t('Ticket'), {
        recordId,
        action: 'close',
        fromState: 'open',
        toState: 'closed',
        input,
        byUser,
      });
      const history = await readHistory(db(), t('Ticket'), recordId);
      expect(history.map((h) => [h.action, h.fromState, h.toState, h.byUser])).toEqual([
        ['create', null, 'open', null],
        ['close', 'open', 'closed', user.id],
      ]);
      expect(history[0]!.at).toBe('2024-05-01T07:30:00.123Z');
      expect(history[1]!.input).toEqual(input);
    });

    it('writes in one transaction that rolls back as a whole', async () => {
      const attempt = writeTransaction(store(), async (trx) => {
        await insertRecord(trx, t('Ticket'), { title: 'kept?' });
        throw new Error('the request failed after the insert');
      });
      await expect(attempt).rejects.toThrow('the request failed');
      expect(
        (await writeTransaction(store(), (trx) => listRecords(trx, t('Ticket')))).records,
      ).toEqual([]);
    });

    it('compiles the hot queries once, with one parameter per column', () => {
      const ticket = t('Ticket');
      expect(ticket.insert.parameters).toHaveLength(ticket.columns.length);
      expect(ticket.selectById.parameters).toHaveLength(1);
    });
  });
}
