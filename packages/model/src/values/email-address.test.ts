import { describe, expect, it } from 'vitest';
import { accountEmail, canonicalEmail, emailProblem } from './email-address.js';

describe('email addresses', () => {
  it('takes ordinary addresses, in any script, one script per part', () => {
    for (const email of [
      'ada@example.org',
      'josé.garcía@correo.es',
      'иван@пример.рф',
      'a+tag@x.io',
    ])
      expect(emailProblem(canonicalEmail(email)), email).toBeUndefined();
  });

  it('refuses invisible characters, compatibility forms and mixed alphabets', () => {
    const cases: [string, string][] = [
      ['ali\u200Bce@example.org', 'invisible'],
      ['alice\u202E@example.org', 'invisible'],
      ['ali\u00ADce@example.org', 'invisible'],
      ['ａlice@example.org', 'ordinary'],
      ['\uFB01sh@example.org', 'ordinary'],
      ['p\u0430ypal@example.org', 'alphabets'],
      ['alice@ex\u0430mple.org', 'alphabets'],
      ['ada@example', 'email address'],
    ];
    for (const [email, problem] of cases)
      expect(emailProblem(canonicalEmail(email)), JSON.stringify(email)).toContain(problem);
  });

  it('gives one account form to every way of typing an address', () => {
    const forms = [' José@Example.org ', 'JOSÉ@EXAMPLE.ORG', 'Jose\u0301@example.org'];
    expect(new Set(forms.map(accountEmail))).toEqual(new Set(['josé@example.org']));
  });
});
