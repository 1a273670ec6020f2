import type { AppModel } from '../app-model.js';
import { ENGINE_ERRORS } from '../engine-errors.js';
import { constantTexts } from '../texts/constants-in-texts.js';
import type { ErrorBody } from './error-body.js';

/** A code with its status and its message, placeholders filled in. */
export interface ResolvedError {
  code: string;
  status: number;
  message: string;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The error catalogue of a model: section 8's entries over the engine's own codes, each message
 * with its `{CONSTANT}` (section 9's, or an engine limit's default) and `{field}` placeholders
 * filled in. The server answers with it and the
 * web app words its own findings with it, so a message reads alike whoever finds the problem.
 * Worked out once per model.
 */
export class Catalogue {
  private readonly entries: Map<string, { status: number; message: string; key?: string }>;
  private readonly constants: ReadonlyMap<string, string>;
  private readonly reworded = new Set<string>();

  /** Section 8's declared body of every error answer; undefined: problem documents. */
  readonly body: ErrorBody | undefined;

  constructor(
    model: Pick<AppModel, 'catalogue' | 'constants'> & Pick<Partial<AppModel>, 'errorBody'>,
  ) {
    this.entries = new Map(Object.entries(ENGINE_ERRORS));
    for (const entry of model.catalogue) {
      const engine = this.entries.get(entry.code);
      if (engine && engine.message !== entry.message) this.reworded.add(entry.code);
      this.entries.set(entry.code, entry);
    }
    this.constants = constantTexts(model);
    this.body = model.errorBody;
  }

  /** The key section 8's `Key` column gives a code, if any. */
  keyOf(code: string): string | undefined {
    return this.entries.get(code)?.key;
  }

  /** The status and filled-in message of a code, or undefined for a code nobody defines. */
  find(code: string, params: Record<string, string> = {}): ResolvedError | undefined {
    const entry = this.entries.get(code);
    if (!entry) return undefined;
    const message = entry.message.replace(PLACEHOLDER, (whole, name: string) => {
      // A message about {field} said of no one field (a rule on the whole record) still reads.
      const fallback = name === 'field' ? 'the values' : name === 'entity' ? 'record' : whole;
      return params[name] ?? this.constants.get(name) ?? fallback;
    });
    return { code, status: entry.status, message };
  }

  /** Whether section 8 gives an engine code a message other than the engine's own. */
  rewords(code: string): boolean {
    return this.reworded.has(code);
  }

  /** As find, except that a code nobody defines answers as INTERNAL. */
  resolve(code: string, params: Record<string, string> = {}): ResolvedError {
    return this.find(code, params) ?? { code: 'INTERNAL', ...ENGINE_ERRORS.INTERNAL };
  }
}

/**
 * The `{field}` of a message about these fields, in prose: `a`, `a and b`, `a, b and c`; no
 * parameter when no field is concerned (the message then says "the values").
 */
export function fieldParams(fields: readonly string[]): Record<string, string> {
  if (fields.length === 0) return {};
  const field =
    fields.length === 1 ? fields[0]! : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return { field };
}
