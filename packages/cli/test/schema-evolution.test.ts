import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveTables, getRecord, insertRecord, openStore, resolveTables } from '@specrun/server';
import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import { runSpecrun, startSpecrun } from './run-binary.js';

/** A small application whose Note entity has the given field rows. */
function spec(fieldRows: string[]): string {
  return [
    '# Specification: Notes',
    '',
    '## 1. What the product does and for whom',
    '',
    'Notes keeps short notes.',
    '',
    '## 3. Entities and their fields',
    '',
    '### Note',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    ...fieldRows,
    '',
  ].join('\n');
}

const V1 = spec(['| title | text | yes | | |', '| color | text | no | | |']);
const V2 = spec([
  '| title | text | yes | | |',
  '| color | text | no | | |',
  '| pinned | boolean | no | | |',
]);
const V3 = spec(['| title | text | yes | | |', '| pinned | boolean | no | | |']);

/** Reads the one note through the store, as the engine will. */
async function readNote(dataDir: string, text: string, id: string) {
  const { model } = parseSpec(text);
  const store = openStore({ dataDir });
  try {
    const tables = resolveTables(store.db, store.dialect, deriveTables(model));
    return await getRecord(store.db, tables.get('Note')!, id);
  } finally {
    await store.close();
  }
}

describe('restarting with a changed specification', () => {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-evolve-'));
  const data = join(dir, 'data');
  const file = join(dir, 'notes.spec.md');
  let noteId = '';

  it('creates the tables at the first start', async () => {
    writeFileSync(file, V1);
    const result = await runSpecrun(['migrate', file, '--data', data]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Applied');
    const store = openStore({ dataDir: data });
    const tables = resolveTables(store.db, store.dialect, deriveTables(parseSpec(V1).model));
    const note = await insertRecord(store.db, tables.get('Note')!, {
      title: 'Buy milk',
      color: 'blue',
    });
    await store.close();
    noteId = String(note.id);
  });

  it('adds a new field at start and keeps the existing data', async () => {
    writeFileSync(file, V2);
    const started = await startSpecrun([file, '--data', data, '--port', '0']);
    expect(started.output).toContain('Applied');
    started.child.kill('SIGTERM');
    await new Promise((resolve) => started.child.once('exit', resolve));
    expect(await readNote(data, V2, noteId)).toMatchObject({
      title: 'Buy milk',
      color: 'blue',
      pinned: null,
    });
  });

  it('refuses to start when a field holding data was removed, and changes nothing', async () => {
    writeFileSync(file, V3);
    const result = await runSpecrun(['start', file, '--data', data, '--port', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/color.*1 row/);
    expect(result.stderr).toContain('--accept-data-loss');
    expect(await readNote(data, V2, noteId)).toMatchObject({ title: 'Buy milk', color: 'blue' });
  });

  it('shows the plan without applying it', async () => {
    const result = await runSpecrun(['migrate', file, '--data', data, '--plan']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/color/);
    expect(result.stdout).toContain('Nothing was applied');
    expect(await readNote(data, V2, noteId)).toMatchObject({ color: 'blue' });
  });

  it('removes the field once the owner accepts the loss', async () => {
    const result = await runSpecrun(['migrate', file, '--data', data, '--accept-data-loss']);
    expect(result.code, result.stderr).toBe(0);
    const note = await readNote(data, V3, noteId);
    expect(note).toMatchObject({ title: 'Buy milk' });
    expect(note).not.toHaveProperty('color');
  });
});

describe('specrun migrate, used wrongly', () => {
  it('explains conflicting data options, exit 1', async () => {
    const result = await runSpecrun(['migrate', 'x.md', '--data', 'd', '--db', 'postgres://h/db']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('not both');
  });

  it('explains a database URL that is not PostgreSQL, exit 1', async () => {
    const result = await runSpecrun(['migrate', 'x.md', '--db', 'mysql://h/db']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--db takes a PostgreSQL URL');
  });
});
