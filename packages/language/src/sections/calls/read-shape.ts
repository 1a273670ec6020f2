import type { EntityShape, FieldShape, Shape, ShapeProperty } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';
import type { Segment } from '../tables/read-cell.js';

type Token = { text: string; offset: number };

const COUNT_NAMES = ['count', 'total'];

function tokenize(source: string): Token[] | number {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_]\w*)|(\[\]|[{}:,?.]))/y;
  const space = /\s*/y;
  let index = 0;
  while (index < source.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(source);
    if (!match) {
      space.lastIndex = index;
      space.exec(source);
      return space.lastIndex >= source.length ? tokens : space.lastIndex;
    }
    const text = match[1] ?? match[2]!;
    tokens.push({ text, offset: pattern.lastIndex - text.length });
    index = pattern.lastIndex;
  }
  return tokens;
}

// A name after `:` that starts with a capital is an entity or a named shape (`author: Profile`);
// one in lower case is a field of the record (`id: number`, `tagList: tags.name`): entities are
// PascalCase and fields camelCase (docs/spec-language.md, "Names"), so the two never meet.
const isEntityName = (text: string): boolean => /^[A-Z]/.test(text);

/**
 * Parses a wire shape: `Ticket`, `Ticket[]`, `{ ticket: { title, priority? }, count }`, a
 * projection `User { username, bio }`, a rename `id: number`, one field `tags.name`, `Tag.name[]`,
 * a renamed reference rendered as an object `hiring_manager: hiringManager UserSummary`.
 */
class ShapeParser {
  private index = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly segment: Segment,
    private readonly ctx: ReadContext,
  ) {}

  parse(): Shape | number {
    const shape = this.shape();
    if (typeof shape === 'number') return shape;
    return this.index < this.tokens.length ? this.tokens[this.index]!.offset : shape;
  }

  private at(offset: number) {
    return {
      line: this.segment.line,
      column: this.segment.columns.at(offset),
    };
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private end(): number {
    return this.segment.value.trimEnd().length;
  }

  /** A name, or the offset where one was expected. */
  private name(): Token | number {
    const token = this.peek();
    if (!token) return this.end();
    if (!/^[A-Za-z_]/.test(token.text)) return token.offset;
    this.index++;
    return token;
  }

  /** `.name` after a name, if written: `Tag.name[]`, `tags.name`. */
  private dotted(): Token | undefined | number {
    if (this.peek()?.text !== '.') return undefined;
    this.index++;
    return this.name();
  }

  private shape(): Shape | number {
    const token = this.peek();
    if (!token) return this.end();
    if (token.text === '{') {
      const properties = this.properties(false);
      return typeof properties === 'number' ? properties : { kind: 'object', properties };
    }
    const name = this.name();
    if (typeof name === 'number') return name;
    const value = this.dotted();
    if (typeof value === 'number') return value;
    const list = this.peek()?.text === '[]';
    if (list) this.index++;
    const shape: EntityShape = { kind: 'entity', entity: name.text, list };
    if (value) {
      shape.value = value.text;
      this.ctx.where.set(shape, 'value', this.at(value.offset));
    } else if (this.peek()?.text === '{') {
      const fields = this.properties(true);
      if (typeof fields === 'number') return fields;
      shape.fields = fields;
    }
    this.ctx.where.set(shape, 'entity', this.at(name.offset));
    return shape;
  }

  /**
   * What follows `name:`: a field of the record (renamed, one field of a list, or a reference
   * with the shape it is rendered as) or a shape.
   */
  private propertyShape(): Shape | number {
    const token = this.peek();
    if (!token || token.text === '{' || isEntityName(token.text)) return this.shape();
    const field = this.name();
    if (typeof field === 'number') return field;
    const pick = this.dotted();
    if (typeof pick === 'number') return pick;
    if (!pick && COUNT_NAMES.includes(field.text)) return { kind: 'count' };
    if (!pick && this.peek() && isEntityName(this.peek()!.text)) return this.rendered(field);
    const shape: FieldShape = { kind: 'field', field: field.text };
    this.ctx.where.set(shape, 'field', this.at(field.offset));
    if (pick) {
      shape.pick = pick.text;
      this.ctx.where.set(shape, 'pick', this.at(pick.offset));
    }
    return shape;
  }

  /** `hiringManager UserSummary` after `hiring_manager:`: a renamed reference as an object. */
  private rendered(field: Token): Shape | number {
    const shape = this.shape();
    if (typeof shape === 'number' || shape.kind !== 'entity') return shape;
    shape.field = field.text;
    this.ctx.where.set(shape, 'field', this.at(field.offset));
    return shape;
  }

  /** `{ a, b?: c, ... }`; in a projection a bare name is always a field, even `count`. */
  private properties(projection: boolean): ShapeProperty[] | number {
    this.index++;
    const properties: ShapeProperty[] = [];
    while (this.peek() && this.peek()!.text !== '}') {
      const name = this.name();
      if (typeof name === 'number') return name;
      const optional = this.peek()?.text === '?';
      if (optional) this.index++;
      const bareCount = !projection && COUNT_NAMES.includes(name.text);
      let shape: Shape = bareCount ? { kind: 'count' } : { kind: 'field' };
      if (this.peek()?.text === ':') {
        this.index++;
        const inner = this.propertyShape();
        if (typeof inner === 'number') return inner;
        shape = inner;
      }
      const property: ShapeProperty = { name: name.text, optional, shape };
      this.ctx.where.set(property, 'name', this.at(name.offset));
      properties.push(property);
      if (this.peek()?.text === ',') this.index++;
      else if (this.peek()?.text !== '}') return this.peek()?.offset ?? this.end();
    }
    if (!this.peek()) return this.end();
    this.index++;
    return properties;
  }
}

/** Reads a Payload or Response shape; a syntax error is reported at its character. */
export function readShape(segment: Segment, ctx: ReadContext): Shape | undefined {
  const tokens = tokenize(segment.value);
  const result =
    typeof tokens === 'number' ? tokens : new ShapeParser(tokens, segment, ctx).parse();
  if (typeof result !== 'number') return result;
  const column = segment.columns.at(result);
  ctx.bag.error(
    'bad-shape',
    { line: segment.line, column },
    `\`${segment.value.trim()}\` is not a shape.`,
    'write an entity (`Ticket`, `Ticket[]`), a projection (`User { username }`) or an object such as `{ ticket: Ticket, count }`',
  );
  return undefined;
}
