import { Catalogue, callerRoles } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { Api } from '../src/api/api.js';
import { choiceListing } from '../src/ui/inputs/use-choices.js';
import { example } from './examples.js';

const requisitions = example('requisitions');
const api = new Api(requisitions, new Catalogue(requisitions));
const listing = (role: string) =>
  choiceListing(requisitions, api, callerRoles({ roles: [role] }), 'User');

describe('the choices of a reference', () => {
  it('expand the first reference only when the reader may read it, as the server requires', () => {
    // A requester reads colleagues' names and emails, not their managers: asking to include
    // `manager` was answered 400, and the Requester filter had no choices.
    expect(listing('requester').include).toEqual([]);
    expect(listing('admin').include).toEqual(['manager']);
  });
});
