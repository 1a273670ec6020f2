import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const TABLE = [
  '| Code            | Status | Key         | Message                |',
  '| --------------- | ------ | ----------- | ---------------------- |',
  '| UNAUTHENTICATED | 401    | token       | is missing             |',
  '| REQUIRED        | 422    |             | can’t be blank         |',
  '| ALREADY_TAKEN   | 409    |             | has already been taken |',
].join('\n');
const section8 = (body: string, table = TABLE) => spec({ 8: `${body}\n\n${table}` });

describe('the error body of section 8', () => {
  it('reads `- Body:` and the Key column', () => {
    const md = section8('- Body: `{ errors: { key: [message] } }`');
    const model = expectClean(md);
    const line = at(md, '- Body').line;
    expect(model.errorBody).toEqual({ kind: 'messages-by-key', at: ['errors'], line });
    const entry = (code: string) => model.catalogue.find((e) => e.code === code);
    expect(entry('UNAUTHENTICATED')).toMatchObject({ key: 'token', message: 'is missing' });
    expect(entry('REQUIRED')).toMatchObject({ status: 422, message: 'can’t be blank' });
    expect(entry('REQUIRED')).not.toHaveProperty('key');
  });

  it('reads a body at the top and one under several keys', () => {
    expect(expectClean(section8('- Body: `{ key: [message] }`')).errorBody?.at).toEqual([]);
    const nested = expectClean(section8('- Body: `{ data: { errors: { key: [message] } } }`'));
    expect(nested.errorBody?.at).toEqual(['data', 'errors']);
  });

  it('declares no body without the bullet: problem documents', () => {
    const model = expectClean(
      spec({ 8: '| Code | Status | Message |\n|---|---|---|\n| NOT_FOUND | | Gone. |' }),
    );
    expect(model).not.toHaveProperty('errorBody');
  });

  it('errors on a body that is not keys around { key: [message] }, where it goes wrong', () => {
    const wrongInner = section8('- Body: `{ errors: { key: message } }`');
    expectDiagnostic(wrongInner, 'bad-error-body', at(wrongInner, 'message }'));
    const unclosed = section8('- Body: `{ errors: { key: [message] }`');
    expect(expectDiagnostic(unclosed, 'bad-error-body').message).toContain('ends too soon');
    const stray = section8('- Body: `{ errors: { key: [message] } } !`');
    expectDiagnostic(stray, 'bad-error-body', at(stray, '!'));
    const plain = section8('- Body: { errors: { key: [message] }, x }');
    expectDiagnostic(plain, 'bad-error-body', at(plain, ', x'));
  });

  it('errors on a second body and warns on another property', () => {
    const twice = section8(
      '- Body: `{ errors: { key: [message] } }`\n- Body: `{ key: [message] }`',
    );
    expectDiagnostic(twice, 'duplicate-error-body', { line: at(twice, '- Body: `{ key').line });
    const other = section8('- Bdy: `{ errors: { key: [message] } }`');
    expect(expectDiagnostic(other, 'unknown-property', at(other, 'Bdy')).hint).toContain('Body');
  });

  it('errors on a Key that is not one word, and warns on a Key with no body to read it', () => {
    const table = `${TABLE}\n| NOT_FOUND | 404 | no such | not found |`;
    const bad = section8('- Body: `{ errors: { key: [message] } }`', table);
    expectDiagnostic(bad, 'bad-error-key', at(bad, 'no such'));
    const unread = spec({ 8: TABLE });
    expect(
      expectDiagnostic(unread, 'error-key-without-body', at(unread, 'token')).message,
    ).toContain('token');
  });

  it('lets an ALREADY_TAKEN message name {entity}, and no other code', () => {
    const ok = section8(
      '- Body: `{ errors: { key: [message] } }`',
      `${TABLE.replace('has already been taken', '{field} taken by a {entity}')}`,
    );
    expectClean(ok);
    const other = section8(
      '- Body: `{ errors: { key: [message] } }`',
      `${TABLE}\n| REQUIRED_TOO | 422 | | {entity} |`,
    );
    expectDiagnostic(other, 'unknown-constant', at(other, 'entity} |'));
  });
});
