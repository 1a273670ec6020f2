import { apiCalls, findCall } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { pickedFields } from '../src/model/picked-fields.js';
import { choicesOf } from '../src/ui/inputs/use-choices.js';
import { example } from './examples.js';

describe('a reference the call sends as one of its fields', () => {
  const hiring = example('hiring');
  const jobs = [
    { id: '01a2-engineer', slug: 'engineer', title: 'Engineer' },
    { id: '01a2-designer', slug: 'designer', title: 'Designer' },
  ];

  it('is chosen by that field: New application sends the job’s slug, which the server finds it by', () => {
    // POST /v1/candidates/:id/applications takes `{ job: job.slug }`: a job's id was refused 422
    // ("Job must name an existing job") for every job the picker offered.
    const create = findCall(apiCalls(hiring), 'create', 'Application');
    const pick = pickedFields(create?.payload).get('job');
    expect(pick).toBe('slug');
    expect(choicesOf(hiring, 'Job', jobs, undefined, pick).map((c) => c.value)).toEqual([
      'engineer',
      'designer',
    ]);
  });

  it('is chosen by id where the call takes ids', () => {
    expect(choicesOf(hiring, 'Job', jobs).map((c) => c.value)).toEqual([
      '01a2-engineer',
      '01a2-designer',
    ]);
  });
});
