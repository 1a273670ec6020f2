import { describe, expect, it } from 'vitest';
import { withArticle } from './indefinite-article.js';

describe('withArticle', () => {
  it('says "an" before a vowel sound and "a" before a consonant sound', () => {
    const said = [
      'speaker',
      'expense report',
      'admin',
      'organiser',
      'item',
      'user',
      'unit',
      'usage note',
      'umbrella stand',
      'update',
      'hour slot',
      'honest broker',
      'house',
      'Ticket',
    ].map(withArticle);
    expect(said).toEqual([
      'a speaker',
      'an expense report',
      'an admin',
      'an organiser',
      'an item',
      'a user',
      'a unit',
      'a usage note',
      'an umbrella stand',
      'an update',
      'an hour slot',
      'an honest broker',
      'a house',
      'a Ticket',
    ]);
  });
});
