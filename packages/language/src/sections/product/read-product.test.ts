import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const product = (list: string): string =>
  spec({ 1: `Helpdesk lets customers open tickets.\n\nMore prose.\n\n${list}` });

describe('readProduct', () => {
  it('reads the description and every property', () => {
    const model = expectClean(
      product(
        '- Name: Help Center\n- Audience: customers and agents\n- Language: en\n- Time zone: Europe/Paris\n- Currency: EUR',
      ),
    );
    expect(model.name).toBe('Help Center');
    expect(model.description).toBe('Helpdesk lets customers open tickets.');
    expect(model.properties).toEqual({
      audience: 'customers and agents',
      language: 'en',
      timeZone: 'Europe/Paris',
      currency: 'EUR',
    });
  });

  it('names the application from the H1 when there is no Name', () => {
    expect(expectClean(product('- Language: en')).name).toBe('Test');
  });

  it('keeps a list item without a colon as prose', () => {
    expect(expectClean(product('- customers open tickets')).properties).toEqual({});
  });

  it('warns on an unknown property with a hint', () => {
    const md = product('- Audiense: everyone');
    expect(expectDiagnostic(md, 'unknown-property', at(md, 'Audiense')).hint).toContain('Audience');
  });

  it('warns on an empty property', () => {
    const md = product('- Currency:');
    expectDiagnostic(md, 'empty-property', at(md, 'Currency'));
  });

  it.each([
    ['Time zone', 'Mars/Olympus'],
    ['Language', 'not a language!'],
  ])('errors on a bad %s', (key, value) => {
    const md = product(`- ${key}: ${value}`);
    expectDiagnostic(md, 'bad-property', at(md, value));
  });

  it('errors on a currency that is not a code', () => {
    const md = product('- Currency: euros');
    expectDiagnostic(md, 'bad-property', at(md, 'euros'));
  });
});
