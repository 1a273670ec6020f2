import { ENGINE_ERRORS, type AppModel } from '@specrun/model';
import type { RawAnswer } from './raw-http.js';

/** Every code an answer may carry: the engine's, and the specification's section 8. */
export function catalogueCodes(model: AppModel): Set<string> {
  return new Set([...Object.keys(ENGINE_ERRORS), ...model.catalogue.map((e) => e.code)]);
}

// What only the inside of the server knows: stack frames, file paths, the database's words.
const LEAKS: RegExp[] = [
  /\bat (?:\S+ )?\(?[^\s()]+:\d+:\d+\)?/,
  /node_modules/,
  /\/(?:work|home|root|usr|tmp|var)\//,
  /\.(?:ts|mjs|js):\d+/,
  /SQLITE_|sqlite|kysely|better-sqlite3/i,
  /\b(?:SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM)\b/,
  /violates|constraint "|relation "|duplicate key/i,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError: (?!Unexpected|Bad|Expected))/,
];

/** Why an answer is not a well-formed client error, or undefined when it is one. */
export function clientErrorProblem(answer: RawAnswer, codes: Set<string>): string | undefined {
  if (answer.status < 400 || answer.status > 499) return `status ${answer.status}`;
  const leak = LEAKS.find((pattern) => pattern.test(answer.body));
  if (leak) return `leaks ${leak}: ${answer.body.slice(0, 300)}`;
  let problem: { code?: unknown; status?: unknown };
  try {
    problem = JSON.parse(answer.body) as typeof problem;
  } catch {
    return `not JSON: ${answer.body.slice(0, 200)}`;
  }
  if (typeof problem.code !== 'string' || !codes.has(problem.code))
    return `code ${String(problem.code)} is not in the catalogue`;
  if (problem.status !== answer.status) return `problem status ${String(problem.status)}`;
  return undefined;
}
