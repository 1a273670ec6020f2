import { userLabel, type AppModel, type Entity } from '@specrun/model';
import { entityOf } from './entities.js';
import { sentence, words } from './names.js';

/** A record as the API answers it: its fields, plus `actions` (transitions, update, delete). */
export type ApiRecord = Record<string, unknown> & { id: string; actions?: string[] };

// Fields that name a record, in the order they are preferred.
const NAMING_FIELDS = ['name', 'title', 'label', 'subject', 'headline', 'code', 'sku', 'email'];

/** The text field that names a record of the entity, if it has one. */
export function namingField(entity: Entity): string | undefined {
  const text = entity.fields.filter((f) => f.type.kind === 'text' || f.type.kind === 'email');
  for (const name of NAMING_FIELDS) if (text.some((f) => f.name === name)) return name;
  return text.find((f) => f.required && !f.builtin)?.name;
}

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
 * How a record is named on screen: its naming field (name, title...), else the name of the first
 * record it refers to that came expanded (a loan is named by its book), else its kind and id.
 */
export function recordLabel(model: AppModel, entity: Entity, record: ApiRecord): string {
  // A user may have no name when User redeclares it as not required: userLabel finds another.
  const optionalName = entity.fields.some((f) => f.name === 'name' && f.builtin && !f.required);
  const user = entity.name === 'User' && optionalName ? userLabel(model, record) : '';
  if (user !== '') return user;
  const naming = namingField(entity);
  const named = naming ? record[naming] : undefined;
  if (typeof named === 'string' && named.trim() !== '') return named;
  for (const field of entity.fields) {
    if (field.type.kind !== 'reference' || field.builtin) continue;
    const target = entityOf(model, field.type.entity);
    const value = record[field.name];
    if (target && isRecord(value)) {
      const inner = namingField(target);
      const text = inner ? value[inner] : undefined;
      if (typeof text === 'string' && text.trim() !== '')
        return `${sentence(words(entity.name))}: ${text}`;
    }
  }
  return `${sentence(words(entity.name))} ${shortId(record.id)}`;
}

/** A record a declared call answers as a projection without its id (`author: Profile`). */
export const isProjected = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !isRecord(value);

/**
 * How a projected record is named: its naming field, else its first unique text field
 * (`username`), else the first text it holds, else its kind.
 */
export function projectedLabel(entity: Entity, value: Record<string, unknown>): string {
  const unique = entity.fields.filter(
    (f) => f.type.kind === 'text' && f.rules.some((r) => r.kind === 'unique'),
  );
  const names = [namingField(entity), ...unique.map((f) => f.name), ...Object.keys(value)];
  for (const name of names) {
    const text = name === undefined ? undefined : value[name];
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return sentence(words(entity.name));
}
