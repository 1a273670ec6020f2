/** What an expression's text says of its size, read in one pass, without parsing it. */
export interface LexicalSize {
  /**
   * Never more than the nodes of its tree (ExpressionSize.nodes): names, literals, `.field`s,
   * operators and brackets opening a list, map or index. Parentheses, commas, colons, `-` (which
   * may belong to a negative literal), `!` (the parser drops a double negation), `has` (whose
   * call is no node of its own) and the field names of a message (`Name{field: value}`) are
   * left out.
   */
  nodes: number;
  /** How deeply its parentheses and brackets nest. */
  brackets: number;
}

// One token at a time: spaces and `//` comments, strings (raw ones without escapes), numbers,
// names with an optional leading `.`, operators. Anything else ends the reading: the parser will
// say what is wrong with it.
const TOKEN = new RegExp(
  [
    String.raw`\s+|\/\/[^\n]*`,
    String.raw`(?:[rR][bB]?|[bB][rR])(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"[^"\n]*"|'[^'\n]*')`,
    String.raw`[bB]?(?:"""(?:\\[\s\S]|[^\\])*?"""|'''(?:\\[\s\S]|[^\\])*?'''|"(?:\\[\s\S]|[^"\\\n])*"|'(?:\\[\s\S]|[^'\\\n])*')`,
    String.raw`0[xX][0-9a-fA-F]+[uU]?|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[uU]?`,
    String.raw`\.?[A-Za-z_][A-Za-z0-9_]*`,
    String.raw`==|!=|<=|>=|&&|\|\||[-+*/%<>!?:()[\]{},.]`,
  ].join('|'),
  'y',
);
const NOT_NODES = new Set(['(', ')', ']', '}', ',', ':', '-', '!', '.', 'has']);
const NAME = /^\.?[A-Za-z_]/;

function tokensOf(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match; match = TOKEN.exec(source)) {
    const token = match[0];
    if (token.trim() !== '' && !token.startsWith('//')) tokens.push(token);
  }
  return tokens;
}

/**
 * Sizes an expression from its tokens, in time linear in its length: enough to refuse one far
 * over a budget before paying for its parse, which costs much more (see filter-budget.ts).
 */
export function lexicalSize(source: string): LexicalSize {
  const size: LexicalSize = { nodes: 0, brackets: 0 };
  const tokens = tokensOf(source);
  // What each open bracket opened: a message's braces hold field names, which are no nodes.
  const open: ('message' | 'other')[] = [];
  tokens.forEach((token, i) => {
    const before = tokens[i - 1] ?? '';
    if (token === '(' || token === '[' || token === '{') {
      open.push(token === '{' && NAME.test(before) ? 'message' : 'other');
      size.brackets = Math.max(size.brackets, open.length);
      // `Name{`: the name is the message's node, the brace is none.
      if (open.at(-1) === 'message') return;
    } else if (token === ')' || token === ']' || token === '}') open.pop();
    const fieldName = open.at(-1) === 'message' && NAME.test(token) && tokens[i + 1] === ':';
    if (!NOT_NODES.has(token) && !fieldName) size.nodes++;
  });
  return size;
}
