import { describe, expect, it } from 'vitest';
import { actionQuestion } from '../src/screens/detail/action-question.js';

describe('an action’s dialog', () => {
  it('asks about the record when the action is one word', () => {
    expect(actionQuestion('Offer', 'application', 'waiting', ['offered'])).toEqual({
      title: 'Offer this application?',
      states: 'It moves from waiting to offered.',
    });
  });

  it('names the record in the states when the action carries its own object', () => {
    // "Give notice this tenancy?" is not English.
    expect(actionQuestion('Give notice', 'tenancy', 'active', ['ending'])).toEqual({
      title: 'Give notice?',
      states: 'This tenancy moves from active to ending.',
    });
    expect(actionQuestion('Mark paid', 'invoice', 'sent', ['sent']).states).toBe(
      'This invoice stays sent.',
    );
  });
});
