import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSpec } from '@specrun/language';
import { deriveTables, migrateSchema, openStore, type SchemaDescription } from '@specrun/server';
import { expect, it } from 'vitest';
import { runSpecrun } from './run-binary.js';

const HELPDESK = fileURLToPath(new URL('../../../examples/helpdesk.spec.md', import.meta.url));

/** The schema as versions before derived indexes made it: unique fields' and references' only. */
function earlier(schema: SchemaDescription): SchemaDescription {
  const copy = structuredClone(schema);
  for (const table of copy.tables) {
    if (table.role.kind !== 'entity') continue;
    const unique = table.indexes.filter((i) => i.unique);
    const references = table.columns
      .filter((c) => c.references && !unique.some((i) => i.columns[0] === c.name))
      .map((c) => ({ name: `${table.name}_${c.name}_idx`, columns: [c.name], unique: false }));
    table.indexes = [...unique, ...references];
  }
  return copy;
}

it('shows the indexes a database made before them would gain, and applies nothing', async () => {
  const data = join(mkdtempSync(join(tmpdir(), 'specrun-indexes-')), 'data');
  const { model } = parseSpec(readFileSync(HELPDESK, 'utf8'));
  const store = openStore({ dataDir: data });
  try {
    const made = await migrateSchema(store, model!.name, earlier(deriveTables(model!)));
    expect(made.status).toBe('applied');
  } finally {
    await store.close();
  }
  const result = await runSpecrun(['migrate', HELPDESK, '--data', data, '--plan']);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain(
    '+ create index ix_tickets__customer_createdAt_id on tickets (customer, createdAt desc, id)',
  );
  expect(result.stdout).toContain('~ drop index tickets_customer_idx');
  expect(result.stdout).toContain('Nothing was applied');
});
