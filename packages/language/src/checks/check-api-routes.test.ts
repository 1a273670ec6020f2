import { describe, it } from 'vitest';
import { at, expectDiagnostic, expectNoDiagnostic, spec } from '../test-support.js';

const ENTITY = '### Ticket\n\n| Field | Type |\n|---|---|\n| title | text |';
const HEAD = '| Route | Screen | Kind | Entity | Who | Shows |\n|---|---|---|---|---|---|';
const CALLS = [
  '| Method | Path | Operation |',
  '|---|---|---|',
  '| GET | /tickets | list Ticket |',
  '| GET | /tickets/:id | get Ticket |',
  '| POST | /tickets | create Ticket |',
  '| POST | /session | sign-in |',
].join('\n');
const doc = (rows: string, calls?: string): string =>
  spec(
    calls === undefined
      ? { 2: `${HEAD}\n${rows}`, 3: ENTITY }
      : { 2: `${HEAD}\n${rows}`, 3: ENTITY, 7: calls },
  );

describe('checkApiRoutes', () => {
  it('errors on a screen route that a declared GET call answers', () => {
    const md = doc('| /tickets | Tickets | list | Ticket | | columns title |', CALLS);
    expectDiagnostic(md, 'route-is-api-path', at(md, '/tickets |'));
  });

  it('errors on a fixed segment that a call’s :id takes', () => {
    const md = doc('| /tickets/new | New | form | Ticket | | title |', CALLS);
    expectDiagnostic(md, 'route-is-api-path', at(md, '/tickets/new'));
  });

  it('errors on a route under /api, and on the API’s own documents', () => {
    const md = doc(
      '| /api/tickets | Tickets | list | Ticket | | |\n| /docs | Docs | page | | | Help |',
    );
    expectDiagnostic(md, 'route-is-api-path', at(md, '/api/tickets'));
    expectDiagnostic(md, 'route-is-api-path', at(md, '/docs'));
  });

  it('accepts routes that only a POST call shares, or beside the default API', () => {
    expectNoDiagnostic(
      doc(
        '| /session | Sign in | sign-in | | | |\n| /tickets/:id/edit | Edit | form | Ticket | | title |',
        CALLS,
      ),
      'route-is-api-path',
    );
    expectNoDiagnostic(doc('| /tickets | Tickets | list | Ticket | | |'), 'route-is-api-path');
  });
});
