import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const USER =
  '### User\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| name | text | no | | |\n| username | text | yes | | unique |';
const HEAD = '| Method | Path | Operation | Payload | Response |\n|---|---|---|---|---|';
const ROWS = [
  '| POST | /api/users | sign-up | `{ user: { username, email, password } }` | `{ user: { email, token, username } }` |',
  '| PUT | /api/user | update me | `{ user: { email?, username?, password? } }` | `{ user: { email, token, username } }` |',
].join('\n');
const calls = (bullets: string, rows = ROWS): string =>
  spec({ 3: USER, 7: `${bullets}\n\n${HEAD}\n${rows}` });

describe('section 7 bullets: Tokens and Origins', () => {
  it('reads the token scheme and the origins', () => {
    const model = expectClean(
      calls(
        '- Tokens: `Authorization: Token`\n- Origins: https://a.example, http://localhost:4100',
      ),
    );
    expect(model.access).toEqual({
      tokens: 'Token',
      origins: ['https://a.example', 'http://localhost:4100'],
    });
  });

  it('reads Bearer, and `*` for every origin', () => {
    const model = expectClean(calls('- Tokens: `Authorization: bearer`\n- Origins: *'));
    expect(model.access).toEqual({ tokens: 'Bearer', origins: ['*'] });
  });

  it('warns at Tokens when no account call answers the token, so no client could hold one', () => {
    const md = calls('- Tokens: `Authorization: Bearer`', ROWS.replaceAll('token, ', ''));
    expectDiagnostic(md, 'token-never-issued', at(md, '`Authorization: Bearer`'));
    // A projection of the user that names it issues it.
    const projected = ROWS.replace(
      '`{ user: { email, token, username } }`',
      '`{ user: User { email, token } }`',
    ).replaceAll('token, username', 'username');
    expectClean(calls('- Tokens: `Authorization: Bearer`', projected));
  });

  it('has no access when section 7 declares neither', () => {
    const model = expectClean(calls('', ROWS.replaceAll('token, ', '')));
    expect(model.access).toBeUndefined();
  });

  it('reads `update me` as the operation on the caller’s own account', () => {
    const model = expectClean(calls('- Tokens: `Authorization: Token`'));
    expect(model.calls[1]!.operation).toEqual({ kind: 'update-me' });
  });

  it('refuses a token header that is not Authorization with a scheme', () => {
    const md = calls('- Tokens: `X-Token: abc`');
    expectDiagnostic(md, 'bad-tokens', at(md, '`X-Token'));
  });

  it('refuses an origin with a path, and `*` among origins', () => {
    const md = calls('- Origins: https://a.example/app, *');
    expectDiagnostic(md, 'bad-origin', at(md, 'https://a.example/app'));
    expectDiagnostic(md, 'bad-origin', at(md, '*', 0));
  });

  it('warns on a bullet that is not a property of section 7', () => {
    const md = calls('- Cookies: none');
    expectDiagnostic(md, 'unknown-property', at(md, 'Cookies'));
  });

  it('refuses `token` in a shape when no tokens are declared', () => {
    const md = calls('');
    expectDiagnostic(md, 'unknown-field', at(md, 'token'));
  });
});

describe('the User’s built-in name redeclared', () => {
  it('makes the name optional', () => {
    const model = expectClean(calls('- Tokens: `Authorization: Token`'));
    const fields = model.entities.find((e) => e.name === 'User')!.fields;
    const names = fields.filter((f) => f.name === 'name');
    expect(names).toHaveLength(1);
    expect(names[0]).toMatchObject({ builtin: true, required: false });
  });

  it('refuses a redeclaration that changes more than Required', () => {
    const md = spec({ 3: USER.replace('| name | text | no | | |', '| name | integer | no | | |') });
    expectDiagnostic(md, 'bad-name-field', at(md, 'name | integer'));
  });

  it('still refuses redeclaring email', () => {
    const md = spec({ 3: USER.replace('| name |', '| email |') });
    expectDiagnostic(md, 'redefines-builtin', at(md, 'email | text'));
  });
});

describe('a declared sign-up payload', () => {
  it('must carry what every account needs', () => {
    const md = spec({
      3: USER.replace('| name | text | no | | |', '| nickname | text | no | | |'),
      7: `${HEAD}\n| POST | /api/users | sign-up | \`{ user: { email, password } }\` | |`,
    });
    const found = expectDiagnostic(md, 'sign-up-misses-fields', at(md, '/api/users'));
    expect(found.message).toContain('`name`');
    expect(found.message).toContain('`username`');
  });

  it('needs no name once the name is optional', () => {
    expectClean(calls('- Tokens: `Authorization: Token`'));
  });
});
