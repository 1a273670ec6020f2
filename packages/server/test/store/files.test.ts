import { expect, it } from 'vitest';
import {
  deleteRecord,
  getRecord,
  insertRecord,
  InvalidValuesError,
  listRecords,
  readFileChunks,
  readFileRow,
  updateRecord,
  writeTransaction,
  type Db,
} from '../../src/index.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHelpdeskStore } from './helpdesk-store.js';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

// Every byte value, so that nothing on the way is read as text.
const BYTES = Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 7) % 256));

async function bytesOf(db: Db, t: Parameters<typeof readFileRow>[1], id: string) {
  const row = await readFileRow(db, t, 'attachment', id);
  if (!row) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of readFileChunks(db, t, 'attachment', row, id, 256)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function fileRows(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('tickets_attachment')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'files', (databases) => {
    const { store, db, t } = useHelpdeskStore(databases);

    it('keeps a file apart: the record holds its name, type, size and address, never its bytes', async () => {
      const ticket = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        attachment: { name: 'scan.bin', data: dataUrl('application/octet-stream', BYTES) },
      });
      const id = ticket.id as string;
      const file = {
        name: 'scan.bin',
        type: 'application/octet-stream',
        size: 700,
        url: `/api/_files/Ticket/${id}/attachment`,
      };
      expect(ticket.attachment).toEqual(file);
      expect(await getRecord(db(), t('Ticket'), id)).toMatchObject({ attachment: file });
      const page = await listRecords(db(), t('Ticket'));
      expect(page.records[0]!.attachment).toEqual(file);
      expect(JSON.stringify(page)).not.toContain(BYTES.toString('base64').slice(0, 40));
      expect((await bytesOf(db(), t('Ticket'), id))?.equals(BYTES)).toBe(true);
    });

    it('names a file sent as a bare data URL after its field, and refuses what is not a file', async () => {
      const ticket = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        attachment: dataUrl('image/png', Buffer.from('png')),
      });
      expect(ticket.attachment).toMatchObject({
        name: 'attachment.png',
        type: 'image/png',
        size: 3,
      });
      for (const attachment of ['report.pdf', 'data:text/plain,plain', { data: 'x' }, 42])
        await expect(
          insertRecord(db(), t('Ticket'), { title: 'x', attachment }),
        ).rejects.toBeInstanceOf(InvalidValuesError);
      expect(await fileRows(db())).toBe(1);
    });

    it('replaces the bytes of a replaced file and removes those of an emptied one, at once', async () => {
      const ticket = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        attachment: dataUrl('text/plain', Buffer.from('first')),
      });
      const id = ticket.id as string;
      const before = await readFileRow(db(), t('Ticket'), 'attachment', id);
      const updated = await updateRecord(db(), t('Ticket'), id, 1, {
        attachment: { name: 'second.txt', data: dataUrl('text/plain', Buffer.from('second!')) },
      });
      expect(updated?.attachment).toMatchObject({ name: 'second.txt', size: 7 });
      const after = await readFileRow(db(), t('Ticket'), 'attachment', id);
      expect(after?.id).not.toBe(before?.id);
      expect((await bytesOf(db(), t('Ticket'), id))?.toString()).toBe('second!');
      expect(await fileRows(db())).toBe(1);
      // Other fields change without touching the file.
      await updateRecord(db(), t('Ticket'), id, 2, { title: 'y' });
      expect((await readFileRow(db(), t('Ticket'), 'attachment', id))?.id).toBe(after?.id);
      const emptied = await updateRecord(db(), t('Ticket'), id, 3, { attachment: null });
      expect(emptied?.attachment).toBeNull();
      expect(await fileRows(db())).toBe(0);
    });

    it('deletes the bytes with the record, and keeps them when the transaction rolls back', async () => {
      const ticket = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        attachment: dataUrl('text/plain', Buffer.from('kept')),
      });
      const id = ticket.id as string;
      await expect(
        writeTransaction(store(), async (trx) => {
          await updateRecord(trx, t('Ticket'), id, 1, { attachment: null });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await bytesOf(db(), t('Ticket'), id))?.toString()).toBe('kept');
      expect(await deleteRecord(db(), t('Ticket'), id)).toEqual({ ok: true });
      expect(await fileRows(db())).toBe(0);
    });

    it('stops sending a file replaced while it is being read, rather than mix two files', async () => {
      const ticket = await insertRecord(db(), t('Ticket'), {
        title: 'x',
        attachment: dataUrl('application/octet-stream', BYTES),
      });
      const id = ticket.id as string;
      const row = (await readFileRow(db(), t('Ticket'), 'attachment', id))!;
      const chunks = readFileChunks(db(), t('Ticket'), 'attachment', row, id, 256);
      expect((await chunks.next()).value).toEqual(BYTES.subarray(0, 256));
      await updateRecord(db(), t('Ticket'), id, 1, {
        attachment: dataUrl('application/octet-stream', Buffer.alloc(700)),
      });
      await expect(chunks.next()).rejects.toThrow('the file changed');
    });
  });
}
