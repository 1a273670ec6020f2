import { describe, expect, it } from 'vitest';
import { namingIncludes } from '../src/model/naming-includes.js';
import { example } from './examples.js';

describe('what a screen asks to expand so that references show names', () => {
  const library = example('library');
  const fine = library.entities.find((e) => e.name === 'Fine')!;
  const loan = library.entities.find((e) => e.name === 'Loan')!;

  it('asks a loan’s book and member with a fine’s loan: a loan has no title of its own', () => {
    expect(namingIncludes(library, ['librarian'], fine.fields)).toEqual([
      'loan',
      'loan.book',
      'loan.member',
      'chargedBy',
      'createdBy',
    ]);
  });

  it('asks a titled reference alone', () => {
    expect(namingIncludes(library, ['member'], loan.fields)).toEqual([
      'book',
      'member',
      'createdBy',
    ]);
  });
});
