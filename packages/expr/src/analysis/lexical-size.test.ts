import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expenses } from '../test-support/example-models.js';
import { analyseExpression } from './analyse-expression.js';
import { lexicalSize } from './lexical-size.js';

const scope = { entity: 'Claim', hasOld: true, hasInput: true };
const nodesOf = (source: string) => analyseExpression(source, expenses, scope).size.nodes;

const TOKENS = [
  'record',
  'user',
  'input',
  'x',
  '.title',
  '.amount',
  '.claimant',
  '.id',
  '.exists(x, ',
  '.all(x, ',
  '.contains(',
  'size(',
  'has(',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '?',
  ':',
  '==',
  '+',
  '-',
  '*',
  '&&',
  '||',
  '!',
  ' in ',
  '1',
  '-1',
  '1.5',
  '0x1F',
  'true',
  'null',
  '"a ( b"',
  "'x\\' ]'",
  '"""a"b"""',
  'r"\\"',
  '// note (\n',
  'Msg{',
  'f:',
  'rb"\\"',
  '"""x\\"""',
];

describe('lexicalSize', () => {
  it('counts the nodes a tree has for plain expressions', () => {
    for (const source of [
      'record.amount > MAX_CLAIM',
      'record.title.contains("a") || size(input.reason) > 5',
      '(record.claimant.id == user.id) ? [1, 2][0] == 1 : {"a": 1}["a"] == 1',
    ])
      expect(lexicalSize(source).nodes, source).toBe(nodesOf(source));
  });

  it('never counts more nodes than the tree has', () => {
    const soup = fc
      .array(fc.constantFrom(...TOKENS), { maxLength: 30 })
      .map((tokens) => tokens.join(' '));
    // Expressions that parse (types aside), built from every kind of node.
    const { tree } = fc.letrec<{ tree: string }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(
          'record.title',
          '1',
          '-1',
          '1.5',
          '"s"',
          'user.id',
          'true',
          'null',
          'r"\\"',
        ),
        tie('tree').map((a) => `(${a})`),
        tie('tree').map((a) => `!${a}`),
        tie('tree').map((a) => `-${a}`),
        tie('tree').map((a) => `size(${a})`),
        tie('tree').map((a) => `[${a}].exists(x, ${a})`),
        fc.constant('has(record.title)'),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `${a} + ${b}`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `${a} == ${b}`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `[${a}, ${b}]`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `{${a}: ${b}}`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `Msg{f: ${a}, g: ${b}}`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `${a}[${b}]`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `${a}.contains(${b})`),
        fc.tuple(tie('tree'), tie('tree'), tie('tree')).map(([a, b, c]) => `${a} ? ${b} : ${c}`),
      ),
    }));
    fc.assert(
      fc.property(fc.oneof(soup, tree), (source) => {
        const analysis = analyseExpression(source, expenses, scope);
        if (analysis.issues.some((i) => i.code === 'expression-syntax')) return;
        expect(lexicalSize(source).nodes).toBeLessThanOrEqual(analysis.size.nodes);
      }),
      { numRuns: 3_000 },
    );
  });

  it('measures how deeply brackets nest, minding strings and comments', () => {
    expect(lexicalSize('((a))').brackets).toBe(2);
    expect(lexicalSize('[{"(": f(x)}]').brackets).toBe(3);
    expect(lexicalSize('a // ((((\n+ b').brackets).toBe(0);
  });

  it('reads a long expression in well under a millisecond per thousand characters', () => {
    const long = Array(150).fill('record.title').join(' + ');
    const started = performance.now();
    expect(lexicalSize(long).nodes).toBe(449);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
