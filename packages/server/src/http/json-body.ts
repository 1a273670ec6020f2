import type { FastifyInstance } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import { inexactNumbers, parseWithExactNumbers } from './inexact-numbers.js';

/**
 * JSON media types: `application/json` and any `application/<something>+json`, in any case, with
 * parameters. Matched against Fastify's normalised form of the header (lowercase type, `; `
 * between parameters), so `application/jsonx` and `text/json` are not JSON.
 */
const JSON_TYPE = /^application\/(?:[\w!#$%&'*.^`|~-]+\+)?json(?:;|$)/i;

// RFC 8259: JSON exchanged between systems is UTF-8; another charset would be misread.
const CHARSET = /;\s*charset=("?)([^";]*)\1/i;

function unsupported(detail: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', detail);
}

function badJson(body: string): AppError {
  try {
    JSON.parse(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'it does not parse';
    return new AppError('BAD_REQUEST', `The body is not valid JSON: ${reason}.`);
  }
  // It parses, so the safe parser refused it for a key that would reach the prototype.
  return new AppError(
    'BAD_REQUEST',
    'The body may not use the keys "__proto__" or "constructor.prototype".',
  );
}

/** How deep a body may nest: records are flat, envelopes add a level or two. */
export const MAX_BODY_DEPTH = 16;

/**
 * Why a parsed body cannot be taken, if it cannot: a NUL character (no database column can store
 * it), a number too large to be one (1e309), or nesting deeper than any payload needs (which later steps would recurse through).
 * Iterative, so a deeply nested body cannot exhaust the stack here either.
 */
function unacceptable(body: unknown): string | undefined {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'Text may not contain the NUL character.';
    } else if (typeof value === 'number') {
      // JSON has no Infinity, but 1e309 parses to it; it would be stored as null.
      if (!Number.isFinite(value)) return 'Numbers must be finite: one is too large for JSON.';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_BODY_DEPTH) return `The body nests deeper than ${MAX_BODY_DEPTH} levels.`;
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'Keys may not contain the NUL character.';
        pending.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * The body with every number exactly as written: a number a double would round
 * (`12345678901234567.89`) is an ExactNumber of its text, for money and decimal fields to read
 * exactly (and other fields to refuse). Most bodies have none, and are taken as parsed.
 */
function exactly(text: string, parsed: unknown): unknown {
  const inexact = inexactNumbers(text);
  return inexact.length === 0 ? parsed : parseWithExactNumbers(text, inexact);
}

/**
 * Accepts request bodies in JSON only: every other media type, and a body without one, is
 * UNSUPPORTED_MEDIA_TYPE before anything is read. JSON is parsed with Fastify's safe parser set to
 * refuse prototype keys (400, not a crash), numbers kept exact (see `exactly`); bodies over the
 * limit are PAYLOAD_TOO_LARGE (Fastify's bodyLimit). An empty JSON body is no body, as for a
 * request without one.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPE, { parseAs: 'string' }, (request, body, done) => {
    // Nothing is served here: the 404 or 405 answers, whatever the body.
    if (request.is404) {
      done(null, undefined);
      return;
    }
    const text = body as string;
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[2];
    if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
      done(unsupported(`Send JSON as UTF-8, not ${charset.slice(0, 40)}.`), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) {
        done(badJson(text), undefined);
        return;
      }
      const refusal = unacceptable(parsed);
      if (refusal) done(new AppError('BAD_REQUEST', refusal), undefined);
      else done(null, exactly(text, parsed));
    });
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    if (request.is404) {
      done(null, undefined);
      return;
    }
    const type = request.headers['content-type'];
    const detail = type
      ? `Send the request as application/json, not ${type.split(';')[0]!.trim().slice(0, 100)}.`
      : 'Send the request with Content-Type: application/json.';
    done(unsupported(detail), undefined);
  });
}
