import type { AppModel } from '../app-model.js';
import { formatConstant } from '../constants.js';
import { ENGINE_LIMITS } from '../limits/engine-limits.js';

/** `{NAME}` in a text: a constant of section 9 or an engine limit, written in capitals. */
const NAMED = /\{([A-Z][A-Z0-9_]*)\}/g;

/**
 * Each constant as a text shows it (`25.00 EUR`, `72h`, `5`): section 9's, over the engine
 * limits' defaults, by name.
 */
export function constantTexts(model: Pick<AppModel, 'constants'>): ReadonlyMap<string, string> {
  const limits = Object.entries(ENGINE_LIMITS).map(([name, limit]) => ({
    name,
    ...limit,
    engine: true,
  }));
  return new Map([...limits, ...model.constants].map((c) => [c.name, formatConstant(c)] as const));
}

/** The text with each `{NAME}` of a known constant replaced by its value; others left as written. */
export function fillConstants(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(NAMED, (whole, name: string) => values.get(name) ?? whole);
}

/** The `{NAME}`s a text names, with where each stands in it. */
export function constantsNamed(text: string): { name: string; index: number }[] {
  return [...text.matchAll(NAMED)].map((m) => ({ name: m[1]!, index: m.index }));
}

/**
 * The model as people read it: `{EMERGENCY_PHONE}` in the product's description, a dashboard's or
 * a page's text, and the descriptions of entities and fields, replaced by the constant's value.
 */
export function withConstantsFilled(model: AppModel): AppModel {
  const values = constantTexts(model);
  const fill = (text: string) => fillConstants(text, values);
  return {
    ...model,
    description: fill(model.description),
    screens: model.screens.map((s) => (s.text === undefined ? s : { ...s, text: fill(s.text) })),
    entities: model.entities.map((e) => ({
      ...e,
      description: fill(e.description),
      fields: e.fields.map((f) =>
        f.description === undefined ? f : { ...f, description: fill(f.description) },
      ),
    })),
  };
}
