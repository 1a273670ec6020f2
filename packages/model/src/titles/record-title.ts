import type { AppModel } from '../app-model.js';
import type { Entity, Field } from '../entity.js';
import { userLabel } from '../access/user-label.js';

/** Field names that name a record, in the order they are preferred. */
export const TITLE_NAMES: readonly string[] = [
  'name',
  'title',
  'label',
  'subject',
  'headline',
  'code',
  'sku',
  'email',
];

/** How long a title shown from a long text may be, in characters, before it is cut at a word. */
export const TITLE_LENGTH = 60;

const SHORT_TEXT = new Set(['text', 'email']);
const isShortText = (f: Field) => SHORT_TEXT.has(f.type.kind);
const isUnique = (f: Field) => f.rules.some((r) => r.kind === 'unique' && !r.with?.length);
const isNumbered = (f: Field) => f.rules.some((r) => r.kind === 'numbered');

/**
 * The field a record of the entity is known by: shown as its heading, in the lists and pickers
 * that name it, and what a list sorts by when it sorts by a reference to it. A field whose name
 * names (TITLE_NAMES, in that order), else a numbered field (`BK-2026-0001`), else a unique
 * text, else the first required text, else the first required long text (shortened when shown).
 * An optional text names nothing: often empty, and when filled (a loan's pickup note) it tells a
 * circumstance, not the record, which is then named by what it refers to. Undefined when no field
 * names the record. One decision for the server and the web app.
 */
export function titleField(entity: Entity): Field | undefined {
  const texts = entity.fields.filter(isShortText);
  for (const name of TITLE_NAMES) {
    const named = texts.find((f) => f.name === name);
    if (named) return named;
  }
  const own = texts.filter((f) => !f.builtin);
  return (
    own.find(isNumbered) ??
    own.find(isUnique) ??
    own.find((f) => f.required) ??
    entity.fields.find((f) => !f.builtin && f.required && f.type.kind === 'longText')
  );
}

/** A text as a title: on one line, and cut at a word past TITLE_LENGTH characters. */
export function shortTitle(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_LENGTH) return line;
  const cut = line.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * A record's title: the value of its titleField (a user's name, or what stands in for it; see
 * userLabel), shortened when it is a long text; undefined when the record holds none, as when
 * the reader may not read that field.
 */
export function recordTitle(
  model: AppModel,
  entity: Entity,
  record: Readonly<Record<string, unknown>>,
): string | undefined {
  if (entity.name === 'User') return userLabel(model, record) || undefined;
  const field = titleField(entity);
  const value = field ? record[field.name] : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return field!.type.kind === 'longText' ? shortTitle(value) : value;
}
