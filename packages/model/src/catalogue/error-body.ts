/**
 * The body of every error answer, declared in section 8 by `- Body: `{ errors: { key: [message] } }``:
 * the keys `at` lead, from the top of the body, to an object that lists the messages of the
 * answer by what each is about (`key`). Without it, errors are RFC 9457 problem documents.
 */
export interface ErrorBody {
  kind: 'messages-by-key';
  /** The keys around the messages by key, outermost first: `['errors']`. May be empty. */
  at: string[];
  line?: number;
}
