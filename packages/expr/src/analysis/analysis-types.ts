import type { Aggregate } from '../aggregates.js';
import type { ExprIssue } from '../issues.js';

/** One top-level conjunct of an expression, as text that is CEL on its own. */
export interface Conjunct {
  source: string;
  /** Where it starts in the whole expression (0-based). */
  offset: number;
}

/**
 * A field an expression reads: `record.total`, `input.reason`, or each step of
 * `record.claimant.manager` (which reads `claimant` of the Claim, then `manager` of the User).
 */
export interface FieldRead {
  field: string;
  /** The entity the field belongs to, when it is read from a record. */
  entity?: string;
  /**
   * The name of the scope the chain of reads starts from (`record`, `old`, `user`, `input`, a
   * constant). Absent when it starts from a variable of count() or of a comprehension, or from a
   * computed value such as `record.items[0]`.
   */
  root?: string;
  /**
   * The reference read through to reach the field, as `Entity.field`: the `manager` of
   * `record.claimant.manager` is read through `Claim.claimant`.
   */
  through?: string;
  /** Its place in its chain of reads: 1 for `record.claimant`, 2 for `record.claimant.manager`. */
  depth: number;
  /** Only its presence is tested, with has(). */
  presenceOnly?: true;
  /** Where its `.` stands in the source. */
  offset: number;
}

/** A value known before counting: a field of `record`, `old` or `user`. */
export interface KnownField {
  root: 'record' | 'old' | 'user';
  field: string;
}

/**
 * One `count(Entity, variable, condition)` of an expression, or one aggregate
 * (`sum(Entity, variable, value, condition)`, min, max, avg): each reads the stored records of
 * an entity that satisfy a condition, so each is a count to whatever decides where and in whose
 * turn an expression runs.
 */
export interface CountCall {
  /** The entity counted. */
  entity: string;
  variable: string;
  /** Where `count` (or the aggregate's name) stands in the source. */
  offset: number;
  /** The aggregate, when it is one; absent for count(). */
  aggregate?: Aggregate;
  /**
   * The field of the counted records that the condition holds equal to a value known before
   * counting, when it does (`t.customer == user.id`): the count then sees only the records
   * holding that value. See count-pin.ts for which conditions pin a count.
   */
  pin?: { field: string; from: KnownField };
}

/** How big an expression is, for a budget on what it may cost. */
export interface ExpressionSize {
  /** Nodes of its tree, macros (`exists`, `all`...) expanded as CEL expands them. */
  nodes: number;
  /** How deeply its nodes nest: 1 for a name or a literal, 2 for `a.b`, 3 for `a.b == 1`... */
  nesting: number;
  /** Its string joins: each `+` whose operands are strings. */
  concatenations: number;
}

/**
 * What a value is made of. `given`: written in the expression or known before any record is
 * read (a literal, a constant, `user`, `now`, `input`); `read`: a field of a record as stored
 * (`record.title`, a count's variable); `computed`: worked out by an operator or a function.
 */
export type ValueMaking = 'given' | 'read' | 'computed';

/**
 * One string search: `s.contains(x)`, `startsWith`, `endsWith`, `s.matches(p)` or
 * `matches(s, p)`. Its cost grows with the sizes of both strings, so a budget looks at what the
 * searched-for string (the pattern of `matches`) is made of.
 */
export interface StringSearch {
  function: string;
  argument: ValueMaking;
  /** Where the call stands in the source. */
  offset: number;
}

/** What an expression reads, counts and is made of, from its checked tree. */
export interface ExpressionAnalysis {
  /**
   * The problems of checking it. When there are any, the facts below still describe what parsed
   * (types, and so `entity` and `through`, only where they are known); when it does not parse at
   * all, they are empty, except the conjuncts.
   */
  issues: readonly ExprIssue[];
  /**
   * Its top-level conjuncts: `a && (b || c) && d` gives `a`, `(b || c)` and `d`. It holds exactly
   * when every conjunct holds, so they may be checked in different places. When `||` or `? :`
   * binds the top level more loosely than `&&`, the whole expression is the one conjunct.
   */
  conjuncts: readonly Conjunct[];
  /**
   * The names of the scope it reads (`record`, `old`, `user`, `input`, `now`, constants);
   * variables of count() and of comprehensions are not among them.
   */
  names: ReadonlySet<string>;
  /** Every field it reads, in the order they stand in the source. */
  reads: readonly FieldRead[];
  /** The references it reads through, as `Entity.field`: the records they point to are read. */
  follows: ReadonlySet<string>;
  /** The longest chain of reads: how many references deep it reads at most (0 for none). */
  depth: number;
  /** Its count() calls, in the order they stand in the source. */
  counts: readonly CountCall[];
  /**
   * The functions and macros it calls by name (`size`, `contains`, `matches`, `exists`, `has`,
   * `count`...), with how many times; operators are not among them.
   */
  functions: ReadonlyMap<string, number>;
  /** Its string searches, in the order they stand in the source. */
  searches: readonly StringSearch[];
  /**
   * Fields it reads of the items of a `list of` references inside a macro (`t.name` in
   * `record.tags.exists(t, t.name == "x")`), in source order: only the database holds those
   * records, so such a macro cannot be worked out on the server, where the list is of ids.
   */
  itemReads: readonly ItemRead[];
  size: ExpressionSize;
}

/** A field of a referenced record read through a macro's variable over a `list of` references. */
export interface ItemRead {
  /** The macro: `exists`, `all`, `exists_one`, `map` or `filter`. */
  macro: string;
  /** The variable (`t`) and the field read (`name`). */
  variable: string;
  field: string;
  /** The entity of the items. */
  entity: string;
  /** Where the read's `.` stands in the source. */
  offset: number;
}
