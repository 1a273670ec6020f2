import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type Caller } from './support/accounts.js';
import { FULL, report } from './support/counts.js';
import { freshData } from './support/helpdesk.js';
import { startSpecrun, type SpecrunProcess } from './support/specrun-process.js';

// Large files as a weapon, against a real `specrun start`: lists of records that each hold one,
// asked for several at a time, must stay small and leave the server answering; a file is served
// only to whoever may read its record. Before files were stored apart, 100 records of 1 MB made
// a 99 MB list answer, and four such requests held the server 11 s.
const LOCKER = fileURLToPath(new URL('./support/files.spec.md', import.meta.url));
const RECORDS = FULL ? 100 : 8;
const FILE_BYTES = FULL ? 1_000_000 : 400_000;
// Per record, a list item is its id, dates, title and the file's name, type, size and address.
const ITEM_BYTES_AT_MOST = 1_000;

let server: SpecrunProcess;
let owner: Caller;
let other: Caller;
let first: { id: string; scan: { url: string; size: number } };
const content = Buffer.alloc(FILE_BYTES, 'specrun ');

beforeAll(async () => {
  server = await startSpecrun(LOCKER, freshData());
  owner = await signUp(server.base, 'owner@reliability.test');
  other = await signUp(server.base, 'other@reliability.test');
  const data = `data:application/octet-stream;base64,${content.toString('base64')}`;
  for (let i = 0; i < RECORDS; i++) {
    const made = await call(server.base, owner, 'POST', '/api/documents', {
      title: `Scan ${i}`,
      scan: { name: `scan-${i}.bin`, data },
    });
    if (made.status !== 201) throw new Error(`create answered ${made.status}`);
    if (i === 0) first = made.body as typeof first;
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

describe('many records with a large file', () => {
  it('answers a list of them with their names, types, sizes and addresses only', async () => {
    const list = await fetch(`${server.base}/api/documents?limit=${RECORDS}`, {
      headers: { cookie: owner.cookie },
    });
    expect(list.status).toBe(200);
    const text = await list.text();
    const items = (JSON.parse(text) as { items: { scan: unknown }[] }).items;
    expect(items).toHaveLength(RECORDS);
    expect(items[0]!.scan).toEqual({
      name: expect.stringMatching(/^scan-\d+\.bin$/),
      type: 'application/octet-stream',
      size: FILE_BYTES,
      url: expect.stringMatching(/^\/api\/_files\/Document\/[^/]+\/scan$/),
    });
    expect(text.length).toBeLessThan(RECORDS * ITEM_BYTES_AT_MOST);
    report(`a list of ${RECORDS} records with ${FILE_BYTES} B files: ${text.length} B`);
  });

  it('keeps answering health while lists and downloads of them run', async () => {
    const lists = Array.from({ length: 4 }, () =>
      fetch(`${server.base}/api/documents?limit=${RECORDS}`, {
        headers: { cookie: owner.cookie },
      }).then((r) => r.text()),
    );
    const downloads = Array.from({ length: 4 }, () =>
      fetch(`${server.base}${first.scan.url}`, { headers: { cookie: owner.cookie } }).then((r) =>
        r.arrayBuffer(),
      ),
    );
    const health: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { ms, value } = await timed(() => fetch(`${server.base}/api/_health`));
      expect(value.status).toBe(200);
      health.push(ms);
    }
    const listed = await Promise.all(lists);
    const downloaded = await Promise.all(downloads);
    for (const text of listed) expect(text.length).toBeLessThan(RECORDS * ITEM_BYTES_AT_MOST);
    for (const bytes of downloaded) expect(Buffer.from(bytes).equals(content)).toBe(true);
    // Far below the seconds the inline files took; generous for a loaded 2-core machine.
    expect(Math.max(...health)).toBeLessThan(1_000);
    report(`health during 4 lists and 4 downloads: at most ${Math.round(Math.max(...health))} ms`);
  }, 60_000);
});

describe('reading a file', () => {
  it('serves it to whoever may read the record, streamed, never sniffed', async () => {
    const served = await fetch(`${server.base}${first.scan.url}`, {
      headers: { cookie: owner.cookie },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="scan-0.bin"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
  });

  it('answers 404 to anyone else, as for the record, never the bytes', async () => {
    const record = await call(server.base, other, 'GET', `/api/documents/${first.id}`);
    expect(record.status).toBe(404);
    const served = await fetch(`${server.base}${first.scan.url}`, {
      headers: { cookie: other.cookie },
    });
    expect(served.status).toBe(404);
    expect(served.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await served.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
