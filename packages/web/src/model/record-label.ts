import { recordTitle, titleField, type AppModel, type Entity } from '@specrun/model';
import { entityOf } from './entities.js';
import { sentence, words } from './names.js';

/** A record as the API answers it: its fields, plus `actions` (transitions, update, delete). */
export type ApiRecord = Record<string, unknown> & { id: string; actions?: string[] };

/** The last characters of an id: enough to tell records apart on screen. */
export function shortId(id: string): string {
  return id.length > 8 ? `…${id.slice(-6)}` : id;
}

export const isRecord = (value: unknown): value is ApiRecord =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { id?: unknown }).id === 'string';

/**
 * The title of the first record this one refers to that came expanded and has one, looked for
 * `depth` references further down when that record has none of its own (a fine's loan is named
 * by the loan's book).
 */
function titleThrough(
  model: AppModel,
  entity: Entity,
  record: ApiRecord,
  depth: number,
): string | undefined {
  for (const field of entity.fields) {
    if (field.type.kind !== 'reference' || field.builtin) continue;
    const target = entityOf(model, field.type.entity);
    const value = record[field.name];
    if (!target || !isRecord(value)) continue;
    const inner =
      recordTitle(model, target, value) ??
      (depth > 0 ? titleThrough(model, target, value, depth - 1) : undefined);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/**
 * How a record is named on screen: its title (see recordTitle in @specrun/model), else the title
 * of the first record it refers to that came expanded (a loan is named by its book), or of the
 * record that one refers to (`include=loan.book`: a fine by its loan's book), else its kind and
 * the end of its id.
 */
export function recordLabel(model: AppModel, entity: Entity, record: ApiRecord): string {
  const title = recordTitle(model, entity, record);
  if (title !== undefined) return title;
  const inner = titleThrough(model, entity, record, 1);
  if (inner !== undefined) return `${sentence(words(entity.name))}: ${inner}`;
  return `${sentence(words(entity.name))} ${shortId(record.id)}`;
}

/** A record a declared call answers as a projection without its id (`author: Profile`). */
export const isProjected = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isRecord(value);

/**
 * How a projected record is named: its title field, else its first unique text field
 * (`username`), else the first text it holds, else its kind.
 */
export function projectedLabel(entity: Entity, value: Record<string, unknown>): string {
  const unique = entity.fields.filter(
    (f) => f.type.kind === 'text' && f.rules.some((r) => r.kind === 'unique'),
  );
  const names = [titleField(entity)?.name, ...unique.map((f) => f.name), ...Object.keys(value)];
  for (const name of names) {
    const text = name === undefined ? undefined : value[name];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return sentence(words(entity.name));
}
