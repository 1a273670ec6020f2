import type { AppModel, CatalogueEntry } from '@specrun/model';
import { expectKnown } from '../diagnostics/report-unknown.js';
import type { ReadContext } from '../read-context.js';

/** Placeholders a message may name besides constants: ALREADY_TAKEN also names the entity. */
const messageNames = (code: string) => (code === 'ALREADY_TAKEN' ? ['field', 'entity'] : ['field']);

function checkMessage(entry: CatalogueEntry, model: AppModel, ctx: ReadContext): void {
  const constants = model.constants.map((c) => c.name);
  const at = ctx.where.at(entry, 'message');
  const raw = ctx.source.split(/\r\n|\r|\n/)[at.line - 1] ?? '';
  for (const match of entry.message.matchAll(/\{\s*([^{}\s]+)\s*\}/g)) {
    const name = match[1]!;
    if (messageNames(entry.code).includes(name)) continue;
    const index = raw.indexOf(match[0], at.column - 1);
    const column = index === -1 ? at.column : index + 2;
    expectKnown(
      { code: 'unknown-constant', what: 'constant', word: name, candidates: constants },
      { line: at.line, column },
      ctx,
    );
  }
}

/**
 * Checks section 8: messages name known constants; a Key needs a declared body; notes codes that
 * nothing uses.
 */
export function checkCatalogue(model: AppModel, ctx: ReadContext): void {
  const used = new Set<string>([
    ...model.rules.map((r) => r.error),
    ...model.lifecycles.flatMap((l) => l.transitions.map((t) => t.error ?? '')),
  ]);
  for (const entry of model.catalogue) {
    if (entry.line === undefined) continue;
    checkMessage(entry, model, ctx);
    if (entry.key !== undefined && !model.errorBody) {
      ctx.bag.warning(
        'error-key-without-body',
        ctx.where.at(entry, 'key'),
        `The key \`${entry.key}\` is read only when section 8 declares the error body; it is ignored.`,
        'add `- Body: `{ errors: { key: [message] } }`` to section 8, or empty the Key cell',
      );
    }
    if (!entry.engine && !used.has(entry.code)) {
      ctx.bag.note(
        'unused-error-code',
        ctx.where.at(entry, 'code'),
        `No rule or transition answers with \`${entry.code}\`.`,
        "name it in a rule's or a transition's Error column, or remove it",
      );
    }
  }
}
