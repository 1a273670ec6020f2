import {
  MAX_FILES_IN_LIST,
  fileKindsInWords,
  sizeInWords,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';
import { fieldCurrency, type Direction } from './field-values.js';

const BUILTIN_NOTES: Record<string, string> = {
  id: "The record's identifier, given by the engine; opaque and never reused.",
  createdAt: 'When the record was created.',
  updatedAt: 'When the record last changed.',
  createdBy: 'The id of the User who created it; empty for accounts created by signing up.',
  version: '1 when created, one more at each change; the ETag names it.',
};

function typeNote(model: AppModel, field: Field, direction: Direction): string | undefined {
  const type = field.type;
  switch (type.kind) {
    case 'money': {
      const currency = fieldCurrency(model, field);
      return `An exact amount${currency ? ` in ${currency}` : ''}, written as a string ("12.50"); never a number.`;
    }
    case 'decimal':
      return 'An exact decimal number, written as a string ("2.75").';
    case 'datetime':
      return 'An instant in ISO 8601 (UTC when answered).';
    case 'reference':
      return `The id of a ${type.entity}.`;
    case 'list':
      return `The ids of ${type.entity} records.`;
    case 'roles':
      return 'The roles of section 6 the user holds.';
    case 'state':
      return 'The state of its lifecycle; changed only by transitions.';
    case 'file':
      return direction === 'answer'
        ? 'A file: its name, media type, size and the address that serves it, never its bytes.'
        : 'A file: a base64 data URL, or `{ "name": ..., "data": <data URL> }`; the whole request counts towards `MAX_REQUEST_BYTES`.';
    case 'files':
      return direction === 'answer'
        ? 'Files, in order: each its name, media type, size and the address that serves it, never its bytes; `[]` for none.'
        : `The whole list of files, in order: each new file a base64 data URL or \`{ "name": ..., "data": <data URL> }\`, each stored file kept as answered (its \`url\`); a stored file left out is removed. At most ${MAX_FILES_IN_LIST} files; the whole request counts towards \`MAX_REQUEST_BYTES\`.`;
    default:
      return undefined;
  }
}

function ruleNotes(entity: Entity, field: Field, direction: Direction): string[] {
  const notes: string[] = [];
  for (const rule of field.rules) {
    if (rule.kind === 'unique' && !rule.with) notes.push(`Unique among ${entity.name} records.`);
    if (rule.kind === 'unique' && rule.with)
      notes.push(`Unique among ${entity.name} records with the same ${rule.with.join(', ')}.`);
    if (rule.kind === 'numbered')
      notes.push(
        `Read-only: numbered by the engine at create, \`${rule.format}\`${rule.per ? ` within each ${rule.per}` : ''}, without gaps or duplicates.`,
      );
    if (rule.kind === 'readOnly') notes.push('Read-only: set by its default or by transitions.');
    if (rule.kind === 'slugFrom')
      notes.push(
        `Read-only: the \`${rule.from}\` in kebab-case ASCII, given at create (\`-2\`, \`-3\`… when taken); ${rule.follows ? `it follows when \`${rule.from}\` changes` : `kept when \`${rule.from}\` changes`}. Unique.`,
      );
    if (rule.kind === 'computed') notes.push(`Computed: \`${rule.expression.source}\`.`);
    if (direction === 'answer') continue;
    if (rule.kind === 'afterToday') notes.push("After today, in the application's time zone.");
    // A list of files: each new file.
    const each = field.type.kind === 'files';
    if (rule.kind === 'fileKinds')
      notes.push(`${each ? 'Each file must' : 'Must'} be ${fileKindsInWords(rule.kinds)}.`);
    if (rule.kind === 'maxBytes')
      notes.push(
        `${each ? 'Each file at most' : 'At most'} ${sizeInWords(rule.value)} (${rule.value} bytes).`,
      );
    // JSON Schema bounds numbers, not the strings money and decimals travel as.
    const exact = field.type.kind === 'money' || field.type.kind === 'decimal';
    if (exact && rule.kind === 'min') notes.push(`At least ${rule.value}.`);
    if (exact && rule.kind === 'max') notes.push(`At most ${rule.value}.`);
  }
  return notes;
}

function defaultNote(field: Field): string | undefined {
  const value = field.default;
  if (!value) return undefined;
  const written = value.kind === 'literal' ? String(value.value) : value.expression.source;
  return `Defaults to \`${written}\` when not sent.`;
}

/** A field's description: the spec's words, then what its type and rules mean on the wire. */
export function fieldDescription(
  model: AppModel,
  entity: Entity,
  field: Field,
  direction: Direction,
): string {
  const notes = [
    field.description,
    field.builtin ? BUILTIN_NOTES[field.name] : undefined,
    typeNote(model, field, direction),
    ...ruleNotes(entity, field, direction),
    direction === 'input' ? defaultNote(field) : undefined,
  ];
  return notes.filter((n): n is string => n !== undefined && n !== '').join(' ');
}
