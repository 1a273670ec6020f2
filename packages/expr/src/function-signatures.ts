import {
  baseKind,
  BOOL,
  DATE,
  DURATION,
  DYN,
  INT,
  STRING,
  TIMESTAMP,
  type ExprType,
} from './types.js';

/** The result of a call given its target and argument types, or undefined when they do not fit. */
type Signature = (target: ExprType | undefined, args: ExprType[]) => ExprType | undefined;

function is(t: ExprType | undefined, ...kinds: string[]): boolean {
  return t !== undefined && (t.kind === 'dyn' || kinds.includes(baseKind(t)));
}

/** A signature taking `required` then `optional` arguments of the given kinds. */
function takes(
  target: string[] | undefined,
  params: string[][],
  optional: number,
  result: ExprType,
): Signature {
  return (t, args) => {
    if (target ? !is(t, ...target) : t !== undefined) return undefined;
    if (args.length > params.length || args.length < params.length - optional) return undefined;
    return args.every((a, i) => is(a, ...params[i]!)) ? result : undefined;
  };
}

const ANY = [
  'int',
  'uint',
  'double',
  'string',
  'bool',
  'bytes',
  'timestamp',
  'duration',
  'date',
  'money',
  'null',
  'record',
  'list',
  'map',
];
const NUMBERS = ['int', 'uint', 'double'];
const TIME_GETTER = takes(['timestamp'], [['string']], 1, INT);

/** Functions called without a target: `size(x)`, `today()`, `duration("72h")`... */
export const GLOBAL_FUNCTIONS: Record<string, Signature> = {
  size: takes(undefined, [['string', 'bytes', 'list', 'map']], 0, INT),
  int: takes(undefined, [[...NUMBERS, 'string', 'timestamp']], 0, INT),
  uint: takes(undefined, [[...NUMBERS, 'string']], 0, { kind: 'uint' }),
  double: takes(undefined, [[...NUMBERS, 'string']], 0, { kind: 'double' }),
  string: takes(undefined, [ANY], 0, STRING),
  bool: takes(undefined, [['bool', 'string']], 0, BOOL),
  dyn: takes(undefined, [ANY], 0, DYN),
  timestamp: (t, a) =>
    takes(undefined, [['string', 'timestamp', 'int']], 0, TIMESTAMP)(t, a) ??
    takes(undefined, [['date'], ['int'], ['int']], 0, TIMESTAMP)(t, a),
  date: takes(undefined, [['int'], ['int'], ['int']], 0, DATE),
  duration: takes(undefined, [['string', 'duration']], 0, DURATION),
  today: takes(undefined, [], 0, DATE),
  minutes: takes(undefined, [['int']], 0, DURATION),
  hours: takes(undefined, [['int']], 0, DURATION),
  days: takes(undefined, [['int']], 0, DURATION),
  weeks: takes(undefined, [['int']], 0, DURATION),
  matches: takes(undefined, [['string'], ['string']], 0, BOOL),
};

/** Methods: `s.contains("x")`, `s.lowerAscii()`, `t.getFullYear()`... */
export const METHODS: Record<string, Signature> = {
  contains: takes(['string'], [['string']], 0, BOOL),
  startsWith: takes(['string'], [['string']], 0, BOOL),
  endsWith: takes(['string'], [['string']], 0, BOOL),
  matches: takes(['string'], [['string']], 0, BOOL),
  size: takes(['string', 'bytes', 'list', 'map'], [], 0, INT),
  lowerAscii: takes(['string'], [], 0, STRING),
  upperAscii: takes(['string'], [], 0, STRING),
  trim: takes(['string'], [], 0, STRING),
  charAt: takes(['string'], [['int']], 0, STRING),
  indexOf: takes(['string'], [['string'], ['int']], 1, INT),
  lastIndexOf: takes(['string'], [['string'], ['int']], 1, INT),
  replace: takes(['string'], [['string'], ['string'], ['int']], 1, STRING),
  split: takes(['string'], [['string'], ['int']], 1, { kind: 'list', element: STRING }),
  substring: takes(['string'], [['int'], ['int']], 1, STRING),
  join: takes(['list'], [['string']], 1, STRING),
  getFullYear: TIME_GETTER,
  getMonth: TIME_GETTER,
  getDate: TIME_GETTER,
  getDayOfMonth: TIME_GETTER,
  getDayOfWeek: TIME_GETTER,
  getDayOfYear: TIME_GETTER,
  getHours: (t, a) => TIME_GETTER(t, a) ?? takes(['duration'], [], 0, INT)(t, a),
  getMinutes: (t, a) => TIME_GETTER(t, a) ?? takes(['duration'], [], 0, INT)(t, a),
  getSeconds: (t, a) => TIME_GETTER(t, a) ?? takes(['duration'], [], 0, INT)(t, a),
  getMilliseconds: (t, a) => TIME_GETTER(t, a) ?? takes(['duration'], [], 0, INT)(t, a),
};
