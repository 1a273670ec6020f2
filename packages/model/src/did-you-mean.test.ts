import { describe, expect, it } from 'vitest';
import { didYouMean, editDistance } from './did-you-mean.js';

describe('editDistance', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('agnet', 'agent')).toBe(1);
    expect(editDistance('titel', 'title')).toBe(1);
  });

  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('ticket', 'tickets')).toBe(1);
    expect(editDistance('open', 'oven')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('didYouMean', () => {
  it('suggests the closest candidate for a typo', () => {
    expect(didYouMean('agnet', ['customer', 'agent', 'admin'])).toBe('did you mean `agent`?');
    expect(didYouMean('Tiket', ['Ticket', 'Product'])).toBe('did you mean `Ticket`?');
  });

  it('suggests nothing when no candidate is close', () => {
    expect(didYouMean('warehouse', ['customer', 'agent', 'admin'])).toBeUndefined();
  });
});
