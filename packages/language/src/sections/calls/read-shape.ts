import type { Shape, ShapeProperty } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';
import type { Segment } from '../tables/read-cell.js';

type Token = { text: string; offset: number };

const COUNT_NAMES = ['count', 'total'];

function tokenize(source: string): Token[] | number {
  const tokens: Token[] = [];
  const pattern = /\s*(?:([A-Za-z_]\w*)|(\[\]|[{}:,?]))/y;
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

/** Parses a wire shape (`Ticket`, `Ticket[]`, `{ ticket: { title, priority? }, count }`). */
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

  private shape(): Shape | number {
    const token = this.peek();
    if (!token) return this.end();
    if (token.text === '{') return this.object();
    if (!/^[A-Za-z_]/.test(token.text)) return token.offset;
    this.index++;
    const list = this.peek()?.text === '[]';
    if (list) this.index++;
    const shape: Shape = { kind: 'entity', entity: token.text, list };
    this.ctx.where.set(shape, 'entity', this.at(token.offset));
    return shape;
  }

  private object(): Shape | number {
    this.index++;
    const properties: ShapeProperty[] = [];
    while (this.peek() && this.peek()!.text !== '}') {
      const name = this.peek()!;
      if (!/^[A-Za-z_]/.test(name.text)) return name.offset;
      this.index++;
      const optional = this.peek()?.text === '?';
      if (optional) this.index++;
      let shape: Shape = COUNT_NAMES.includes(name.text) ? { kind: 'count' } : { kind: 'field' };
      if (this.peek()?.text === ':') {
        this.index++;
        const inner = this.shape();
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
    return { kind: 'object', properties };
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
    'write an entity (`Ticket`, `Ticket[]`) or an object such as `{ ticket: Ticket, count }`',
  );
  return undefined;
}
