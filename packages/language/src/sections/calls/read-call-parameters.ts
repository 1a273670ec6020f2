import type { Paragraph, RootContent, Table } from 'mdast';
import {
  didYouMean,
  PAGING_WORDS,
  type Call,
  type CallParameter,
  type PagingKind,
} from '@specrun/model';
import { startOf } from '../../markdown/parse-markdown.js';
import { expressionOf } from '../../expressions/read-expression.js';
import type { ReadContext } from '../../read-context.js';
import { codesOf, segmentsOf, type Cell, type Segment } from '../tables/read-cell.js';
import { cellOf, readTable } from '../tables/read-table.js';

/** A `Parameters of \`METHOD /path\`:` line with the table under it. */
export interface ParameterList {
  /** The code span naming the call, for diagnostics. */
  named: Segment;
  method: string;
  path: string;
  parameters: CallParameter[];
}

const COLUMNS = [
  { name: 'parameter', required: true },
  { name: 'condition', required: true },
];
const LINE = /^parameters of\b/i;
const CALL = /^([A-Za-z]+)\s+(\/\S*)$/;
// Names a query string carries without escaping, as the clients' own parameters are written.
const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const WORDS = Object.keys(PAGING_WORDS);

function readCondition(name: string, cell: Cell, ctx: ReadContext): CallParameter | undefined {
  const line = cell.line;
  const codes = codesOf(cell);
  const prose = cell.segments.some((s) => s.kind === 'text' && s.value.trim() !== '');
  if (codes.length === 1 && !prose)
    return { name, kind: 'condition', condition: expressionOf(codes[0]!, ctx), line };
  const word = cell.text.toLowerCase();
  if (codes.length === 0 && word in PAGING_WORDS)
    return { name, kind: PAGING_WORDS[word as keyof typeof PAGING_WORDS] as PagingKind, line };
  ctx.bag.error(
    'unknown-paging-word',
    cell,
    cell.text === ''
      ? `The parameter ${name} has no condition.`
      : `\`${cell.text}\` is neither a condition in backticks nor a paging word.`,
    (codes.length === 0 ? didYouMean(word, WORDS) : undefined) ??
      `write a CEL condition on \`value\` in backticks, or one of ${WORDS.join(', ')}`,
  );
  return undefined;
}

function readRows(table: Table, ctx: ReadContext): CallParameter[] {
  const parameters: CallParameter[] = [];
  for (const row of readTable(table, COLUMNS, ctx) ?? []) {
    const nameCell = cellOf(row, 'parameter');
    const name = nameCell.text;
    if (!NAME.test(name)) {
      ctx.bag.error(
        'bad-parameter-name',
        nameCell,
        name === '' ? 'This row names no parameter.' : `\`${name}\` is not a parameter name.`,
        'write a name of letters, digits, `_`, `-` or `.`, such as `tag`',
      );
      continue;
    }
    const parameter = readCondition(name, cellOf(row, 'condition'), ctx);
    if (!parameter) continue;
    const twice =
      parameters.find((p) => p.name === name) ??
      (parameter.kind === 'condition'
        ? undefined
        : parameters.find((p) => p.kind === parameter.kind));
    if (twice) {
      ctx.bag.error(
        'duplicate-parameter',
        nameCell,
        twice.name === name
          ? `The parameter ${name} is declared twice.`
          : `${twice.name} already is this call's ${parameter.kind.replace(/-/g, ' ')}.`,
        'keep one row',
      );
      continue;
    }
    parameters.push(parameter);
  }
  return parameters;
}

/** The call a `Parameters of` paragraph names, or undefined (reported) when it names none. */
function namedCall(paragraph: Paragraph, ctx: ReadContext): Segment | undefined {
  const segments = segmentsOf(paragraph.children, ctx.source);
  const [code, ...more] = codesOf({ segments });
  const prose = segments
    .filter((s) => s.kind === 'text')
    .map((s) => s.value)
    .join('');
  if (
    code &&
    more.length === 0 &&
    /^\s*parameters of\s*:?\s*$/i.test(prose) &&
    CALL.test(code.value.trim())
  )
    return code;
  ctx.bag.error(
    'bad-parameters-line',
    startOf(paragraph),
    'This line does not name one call.',
    'write Parameters of `GET /api/articles`: with the call in backticks, then the table',
  );
  return undefined;
}

/**
 * Reads section 7's `Parameters of \`METHOD /path\`:` paragraphs and the `Parameter |
 * Condition` table under each. Returns them with the tables they claim, which are not calls.
 */
export function readParameterLists(
  body: readonly RootContent[],
  ctx: ReadContext,
): { lists: ParameterList[]; tables: Set<Table> } {
  const lists: ParameterList[] = [];
  const tables = new Set<Table>();
  body.forEach((node, index) => {
    if (node.type !== 'paragraph' || !LINE.test(textOf(node))) return;
    const named = namedCall(node, ctx);
    const next = body[index + 1];
    if (next?.type !== 'table') {
      ctx.bag.error(
        'bad-parameters-line',
        startOf(node),
        'No table of parameters follows this line.',
        'put a table with columns Parameter and Condition right under it',
      );
      return;
    }
    tables.add(next);
    const parameters = readRows(next, ctx);
    if (!named) return;
    const [, method = '', path = ''] = CALL.exec(named.value.trim()) ?? [];
    lists.push({ named, method: method.toUpperCase(), path, parameters });
  });
  return { lists, tables };
}

function textOf(paragraph: Paragraph): string {
  return paragraph.children.map((c) => ('value' in c ? c.value : '')).join('');
}

/** Gives each declared list call its parameters; a line naming no list call is an error. */
export function attachParameters(
  calls: readonly Call[],
  lists: readonly ParameterList[],
  ctx: ReadContext,
): void {
  for (const list of lists) {
    const at = { line: list.named.line, column: list.named.columns.at(0) };
    const call = calls.find((c) => c.method === list.method && c.path === list.path);
    if (!call) {
      const known = calls.map((c) => `${c.method} ${c.path}`);
      ctx.bag.error(
        'unknown-call',
        at,
        `No call of this section is \`${list.method} ${list.path}\`.`,
        didYouMean(`${list.method} ${list.path}`, known) ?? 'name a call of the table above',
      );
    } else if (call.operation.kind !== 'list') {
      ctx.bag.error(
        'parameters-not-list',
        at,
        `\`${list.method} ${list.path}\` is not a list: only lists take declared parameters.`,
        'declare parameters for a call whose operation is list',
      );
    } else if (call.parameters) {
      ctx.bag.error(
        'duplicate-parameter',
        at,
        'This call already has its parameters.',
        'keep one table',
      );
    } else call.parameters = list.parameters;
  }
}
