import { Catalogue, callerRoles } from '@specrun/model';
import { parseSpec } from '@specrun/language';
import { describe, expect, it } from 'vitest';
import { Api } from '../src/api/api.js';
import { askedOffer, choiceListing } from '../src/ui/inputs/use-choices.js';
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

// A tenancy is named by its plot: it has no title of its own to search by.
const GARDEN = parseSpec(
  [
    '# Specification: Garden',
    '',
    '## 3. Entities and their fields',
    '',
    '### Tenancy',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| plot | text | no | | |',
    '| ended | boolean | no | false | |',
    '',
    '### Inspection',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| tenancy | → Tenancy | yes | | |',
    '| notes | text | yes | | |',
    '',
  ].join('\n'),
).model;

describe('a create form’s picker', () => {
  it('asks which records would be refused even when it cannot search their titles', () => {
    const garden = new Api(GARDEN, new Catalogue(GARDEN));
    const listing = choiceListing(GARDEN, garden, callerRoles({ roles: ['admin'] }), 'Tenancy');
    // No title to search on the server, yet the list takes `offers`: an ended tenancy shows
    // disabled instead of being refused on Save.
    expect(listing.server).toBe(false);
    const creating = { entity: 'Inspection', field: 'tenancy' };
    expect(askedOffer(GARDEN, listing, creating)).toEqual({
      offer: 'create:Inspection.tenancy',
      why: 'you cannot add an inspection to it',
    });
    expect(askedOffer(GARDEN, { engine: false }, creating)).toBeUndefined();
  });
});
