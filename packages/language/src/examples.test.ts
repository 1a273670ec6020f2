import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectClean, parse, repo, VALID_SPECS } from './test-support.js';

describe('valid specifications', () => {
  it.each(VALID_SPECS)('reads %s with no errors', (file) => {
    const model = expectClean(readFileSync(file, 'utf8'), true);
    expect(JSON.parse(JSON.stringify(model))).toStrictEqual(model);
  });

  it('reads the helpdesk example fully', () => {
    const file = VALID_SPECS.find((f) => f.endsWith('helpdesk.spec.md'));
    if (!file) return;
    const model = parse(readFileSync(file, 'utf8')).model;
    expect(model.name).toBe('Helpdesk');
    expect(model.screens).toHaveLength(11);
    expect(model.entities.map((e) => e.name)).toEqual(['User', 'Product', 'Ticket', 'Comment']);
    expect(model.lifecycles[0]!.transitions).toHaveLength(8);
    expect(model.rules.map((r) => r.field)).toEqual([undefined, undefined, 'ticket']);
    expect(model.roles.map((r) => r.signUp)).toEqual(['default', 'no', 'no']);
    expect(model.permissions).toHaveLength(13);
    expect(model.constants.find((c) => c.name === 'REOPEN_WINDOW')?.value).toEqual({
      kind: 'duration',
      milliseconds: 72 * 3_600_000,
      source: '72h',
    });
  });

  it('reads the seed: nine unspecified sections, its title, and its name', () => {
    const text = readFileSync(join(repo, 'examples/unspecified.spec.md'), 'utf8');
    const { model, diagnostics } = parse(text);
    expect(model.sections.map((s) => s.status)).toEqual(Array(9).fill('unspecified'));
    expect(model.title).toBe('Specification: web application with an unidentified purpose');
    expect(model.name).toBe('web application with an unidentified purpose');
    expect(diagnostics.filter((d) => d.severity !== 'note')).toEqual([]);
    expect(model.screens).toEqual([
      expect.objectContaining({ route: '/', kind: 'dashboard', derived: true }),
    ]);
    expect(model.roles.map((r) => r.name)).toEqual(['admin']);
  });
});
