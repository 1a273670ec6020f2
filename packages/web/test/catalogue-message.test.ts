import { Catalogue } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { catalogueMessage } from '../src/api/catalogue-message.js';
import { example } from './examples.js';

describe('catalogueMessage', () => {
  const catalogue = new Catalogue(example('requisitions'));

  it('gives a message that names no field, its constants filled', () => {
    expect(catalogueMessage(catalogue, 'NOT_FOUND')).toBe(catalogue.find('NOT_FOUND')!.message);
  });

  it('leaves a message about {field} to the server, which knows the field', () => {
    expect(catalogue.find('TOO_SOON')!.message).toContain('the values');
    expect(catalogueMessage(catalogue, 'TOO_SOON')).toBeUndefined();
  });

  it('knows no message for a code the catalogue lacks', () => {
    expect(catalogueMessage(catalogue, 'NO_SUCH_CODE')).toBeUndefined();
  });
});
