import type { Entity, EntityShape, Shape } from '@specrun/model';
import type { Table } from 'mdast';
import type { ReadContext } from '../../read-context.js';
import { codesOf } from '../tables/read-cell.js';
import { cellOf, headerNames, readTable } from '../tables/read-table.js';
import { readShape } from './read-shape.js';

// Section 7's second table names shapes (`| Profile | `User { username, bio }` |`) used
// wherever an entity name is (`{ profile: Profile }`, `author: Profile`). The model keeps no
// names: each use is written in place, marked `named` so OpenAPI can make it one component.

const COLUMNS = [
  { name: 'shape', required: true },
  { name: 'definition', required: true },
];

/** Whether a section 7 table is the named shapes' (`Shape | Definition`), not the calls'. */
export const isNamedShapesTable = (table: Table): boolean => headerNames(table)[0] === 'shape';

/** A named shape as defined: an entity or a projection of one. */
interface Definition {
  shape: EntityShape;
  line: number;
}

/** Reads the `Shape | Definition` tables: each name with its entity shape. */
export function readNamedShapes(
  tables: readonly Table[],
  entities: readonly Entity[],
  ctx: ReadContext,
): Map<string, Definition> {
  const named = new Map<string, Definition>();
  for (const table of tables) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) {
      const nameCell = cellOf(row, 'shape');
      const name = nameCell.text;
      const cell = cellOf(row, 'definition');
      const segment = codesOf(cell)[0];
      if (!/^[A-Z]\w*$/.test(name)) {
        ctx.bag.error(
          'bad-named-shape',
          nameCell,
          `\`${name}\` is not a shape's name.`,
          'name a shape in PascalCase, as an entity: `Profile`',
        );
        continue;
      }
      if (entities.some((e) => e.name === name) || named.has(name)) {
        const what = named.has(name) ? 'another shape' : 'an entity';
        ctx.bag.error(
          'shape-name-taken',
          nameCell,
          `The shape \`${name}\` has the name of ${what}.`,
          'give the shape a name of its own',
        );
        continue;
      }
      const shape = segment && readShape(segment, ctx);
      if (!segment || (shape && shape.kind !== 'entity') || shape?.list) {
        ctx.bag.error(
          'bad-named-shape',
          segment ? { line: segment.line, column: segment.columns.at(0) } : cell,
          `The shape \`${name}\` must be one entity or a projection of one.`,
          'write `User { username, bio }` in backticks',
        );
        continue;
      }
      if (shape) named.set(name, { shape, line: row.line });
    }
  }
  return named;
}

/** Substitutes named shapes in place of their names, reporting cycles (`A` holding `A`). */
export class NamedShapes {
  private readonly resolved = new Map<string, EntityShape | undefined>();
  private readonly resolving = new Set<string>();

  constructor(
    private readonly named: ReadonlyMap<string, Definition>,
    private readonly ctx: ReadContext,
  ) {}

  /** Checks every definition, so a cycle is reported once even when no call uses it. */
  resolveAll(): void {
    for (const name of this.named.keys()) this.definition(name);
  }

  /** The shape with every named shape written in place. */
  resolve(shape: Shape): Shape {
    switch (shape.kind) {
      case 'object':
        return { ...shape, properties: shape.properties.map((p) => this.property(p)) };
      case 'entity':
        return this.entity(shape);
      default:
        return shape;
    }
  }

  private property<P extends { shape: Shape }>(property: P): P {
    const resolved = { ...property, shape: this.resolve(property.shape) };
    this.ctx.where.set(resolved, 'name', this.ctx.where.at(property, 'name'));
    return resolved;
  }

  private entity(shape: EntityShape): EntityShape {
    const definition = this.named.has(shape.entity) ? this.definition(shape.entity) : undefined;
    if (!definition) {
      const out: EntityShape = shape.fields
        ? { ...shape, fields: shape.fields.map((p) => this.property(p)) }
        : { ...shape };
      this.ctx.where.set(out, 'entity', this.ctx.where.at(shape, 'entity'));
      this.ctx.where.set(out, 'value', this.ctx.where.at(shape, 'value'));
      this.keepField(shape, out);
      return out;
    }
    const out: EntityShape = { ...definition, list: shape.list, named: shape.entity };
    this.ctx.where.set(out, 'entity', this.ctx.where.at(definition, 'entity'));
    this.keepField(shape, out);
    return out;
  }

  /** A renamed use (`hiring_manager: hiringManager UserSummary`) keeps the field it renders. */
  private keepField(shape: EntityShape, out: EntityShape): void {
    if (shape.field === undefined) return;
    out.field = shape.field;
    this.ctx.where.set(out, 'field', this.ctx.where.at(shape, 'field'));
  }

  private definition(name: string): EntityShape | undefined {
    if (this.resolved.has(name)) return this.resolved.get(name);
    const definition = this.named.get(name)!;
    if (this.resolving.has(name)) {
      this.ctx.bag.error(
        'shape-cycle',
        this.ctx.where.at(definition.shape, 'entity', { line: definition.line, column: 1 }),
        `The shape \`${name}\` holds itself.`,
        'a shape may hold other shapes, but none may lead back to it',
      );
      this.resolved.set(name, undefined);
      return undefined;
    }
    this.resolving.add(name);
    const shape = this.entity(definition.shape);
    this.resolving.delete(name);
    if (!this.resolved.has(name)) this.resolved.set(name, shape);
    return this.resolved.get(name);
  }
}
