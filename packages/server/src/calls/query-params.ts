import { AppError } from '../catalogue/app-error.js';

/** A request's query string as Fastify parses it: repeated names become arrays. */
export type QueryParams = Record<string, string | string[] | undefined>;

/** One parameter's single value; a parameter given twice is ambiguous and refused. */
export function single(query: QueryParams, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value))
    throw new AppError('BAD_REQUEST', `The query parameter ${name} is given more than once.`);
  if (value !== undefined && value.includes('\u0000'))
    throw new AppError('BAD_REQUEST', `The query parameter ${name} contains a NUL character.`);
  return value;
}

/** Refuses parameters a call does not take, naming them and what it takes instead. */
export function refuseUnknown(names: string[], takes: string): void {
  if (names.length === 0) return;
  const list = names.map((n) => n.slice(0, 60)).join(', ');
  const noun = names.length === 1 ? 'parameter' : 'parameters';
  throw new AppError('BAD_REQUEST', `Unknown query ${noun}: ${list}. ${takes}`);
}

/** Refuses every parameter of `query` the call does not take (see refuseUnknown). */
function refuseOthers(query: QueryParams, allowed: readonly string[]): void {
  const takes =
    allowed.length === 0
      ? 'This call takes no query parameters.'
      : `This call takes ${allowed.join(', ')}.`;
  refuseUnknown(
    Object.keys(query).filter((k) => !allowed.includes(k)),
    takes,
  );
}

/** For calls that take only the named parameters. */
export function onlyParams(query: QueryParams, allowed: readonly string[]): void {
  // The refusal is worked out only once a parameter is found unknown: that request is the rare one.
  for (const name in query) if (!allowed.includes(name)) refuseOthers(query, allowed);
  for (const name of allowed) single(query, name);
}

/** Splits a comma-separated parameter (`sort`, `include`), refusing empty items. */
export function commaList(name: string, value: string): string[] {
  const items = value.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw new AppError('BAD_REQUEST', `The query parameter ${name} has an empty item.`);
  return items;
}
