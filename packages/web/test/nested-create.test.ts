import { apiCalls, findCall } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { nestedParent, splitParent } from '../src/ui/forms/nested-create.js';
import { example } from './examples.js';

describe('a create call nested under a parent', () => {
  it('takes the parent a form chose into its path (Hiring’s applications, under a candidate)', () => {
    const hiring = example('hiring');
    const parent = nestedParent(hiring, findCall(apiCalls(hiring), 'create', 'Application'));
    expect(parent).toEqual({ via: 'candidate', param: 'id' });
    expect(splitParent(parent!, { candidate: 'c1', job: 'engineer', source: 'referral' })).toEqual({
      path: { id: 'c1' },
      fields: { job: 'engineer', source: 'referral' },
    });
  });

  it('is none for a top-level create call, or a parent addressed by another field', () => {
    const hiring = example('hiring');
    expect(nestedParent(hiring, findCall(apiCalls(hiring), 'create', 'Candidate'))).toBeUndefined();
    // Conduit's comments hang under an article's slug: only the article's page knows it.
    const conduit = example('conduit');
    expect(nestedParent(conduit, findCall(apiCalls(conduit), 'create', 'Comment'))).toBeUndefined();
  });
});
