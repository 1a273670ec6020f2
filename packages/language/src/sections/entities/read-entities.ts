import type { Entity, Field } from '@specrun/model';
import type { RootContent } from 'mdast';
import type { At } from '../../diagnostics/diagnostic-bag.js';
import { proseOf, splitParts, tablesIn, type Part } from '../../markdown/section-parts.js';
import type { ReadContext } from '../../read-context.js';
import { isPascalCase, toPascalCase } from '../names.js';
import { warnOrphanTables } from '../orphan-tables.js';
import { readTable } from '../tables/read-table.js';
import {
  BUILTIN_FIELD_NAMES,
  leadingBuiltins,
  trailingBuiltins,
  userBuiltins,
  userEntity,
} from './builtin-fields.js';
import { pluralOf } from './plural.js';
import { readField } from './read-field.js';
import { adoptNameField, REDECLARABLE_NAME } from './user-name-field.js';

const COLUMNS = [
  { name: 'field', required: true },
  { name: 'type', required: true },
  { name: 'required' },
  { name: 'default' },
  { name: 'rules' },
];

function readFields(part: Part, builtins: readonly string[], ctx: ReadContext): Field[] {
  const tables = tablesIn(part.nodes);
  if (tables.length === 0) {
    ctx.bag.warning(
      'missing-table',
      part.at,
      `The entity \`${part.name}\` has no table of fields.`,
      'add a table with columns Field, Type, Required, Default, Rules',
    );
  }
  const builtinNames = new Set(builtins);
  const taken = new Set<string>();
  const fields: Field[] = [];
  for (const table of tables) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) {
      const field = readField(row, builtinNames, taken, ctx);
      if (field) fields.push(field);
    }
  }
  return fields;
}

function checkName(name: string, at: At, ctx: ReadContext): void {
  if (!isPascalCase(name)) {
    ctx.bag.warning(
      'entity-name-style',
      at,
      `Entity names are PascalCase and singular; \`${name}\` is not.`,
      `write \`${toPascalCase(name) || 'Thing'}\``,
    );
  }
}

/** Reads section 3: one H3 per entity, a description, a table of fields; User is always there. */
export function readEntities(
  body: readonly RootContent[],
  sectionAt: At,
  ctx: ReadContext,
): Entity[] {
  const user = userEntity();
  const entities: Entity[] = [user];
  const declared = new Map<string, At>();
  const [preamble, ...parts] = splitParts(body, sectionAt);
  warnOrphanTables(preamble!, ctx);
  for (const part of parts) {
    const earlier = declared.get(part.name);
    if (earlier) {
      ctx.bag.error(
        'duplicate-entity',
        part.at,
        `The entity \`${part.name}\` is declared twice; the first is at line ${earlier.line}.`,
        'merge the two into one',
      );
      continue;
    }
    declared.set(part.name, part.at);
    checkName(part.name, part.at, ctx);
    if (part.name === 'User') {
      const own = userBuiltins().map((f) => f.name);
      const reserved = own.filter((n) => n !== REDECLARABLE_NAME);
      const fields = readFields(part, [...BUILTIN_FIELD_NAMES, ...reserved], ctx);
      user.fields.splice(1 + own.length, 0, ...adoptNameField(user, fields, ctx));
      user.description = proseOf(part.nodes) || user.description;
      user.line = part.at.line;
      ctx.where.set(user, 'name', part.at);
      continue;
    }
    const fields = readFields(part, BUILTIN_FIELD_NAMES, ctx);
    const entity: Entity = {
      name: part.name,
      plural: pluralOf(part.name),
      description: proseOf(part.nodes),
      fields: [...leadingBuiltins(), ...fields, ...trailingBuiltins()],
      builtin: false,
      line: part.at.line,
    };
    ctx.where.set(entity, 'name', part.at);
    entities.push(entity);
  }
  return entities;
}
