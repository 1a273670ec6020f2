import { ENGINE_ERRORS, formatConstant, type AppModel } from '@specrun/model';

/** A code's status and message after the spec's catalogue has been merged over the engine's. */
export interface ResolvedError {
  status: number;
  message: string;
}

/** Looks up codes in the model's catalogue, filling `{CONSTANT}` and `{field}` placeholders. */
export class Catalogue {
  private readonly entries: Map<string, ResolvedError>;
  private readonly constants: Map<string, string>;

  constructor(model: AppModel) {
    this.entries = new Map(Object.entries(ENGINE_ERRORS));
    for (const entry of model.catalogue) this.entries.set(entry.code, entry);
    this.constants = new Map(model.constants.map((c) => [c.name, formatConstant(c)]));
  }

  /** The status and filled-in message for a code; unknown codes answer as INTERNAL. */
  resolve(code: string, params: Record<string, string> = {}): ResolvedError & { code: string } {
    const entry = this.entries.get(code);
    if (!entry) return { code: 'INTERNAL', ...ENGINE_ERRORS.INTERNAL };
    const message = entry.message.replace(
      /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
      (whole, name: string) => {
        // A message about {field} said of no one field (a rule on the whole record) still reads.
        const fallback = name === 'field' ? 'the values' : whole;
        return params[name] ?? this.constants.get(name) ?? fallback;
      },
    );
    return { code, status: entry.status, message };
  }
}
