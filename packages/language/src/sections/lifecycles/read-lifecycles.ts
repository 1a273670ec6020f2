import type { Entity, Lifecycle } from '@specrun/model';
import type { RootContent } from 'mdast';
import { didYouMean } from '@specrun/model';
import type { At } from '../../diagnostics/diagnostic-bag.js';
import {
  proseOf,
  propertiesIn,
  splitParts,
  tablesIn,
  wordsOf,
  type Part,
} from '../../markdown/section-parts.js';
import type { ReadContext } from '../../read-context.js';
import { warnOrphanTables } from '../orphan-tables.js';
import { readTable } from '../tables/read-table.js';
import { readEffect } from './read-effect.js';
import { readInitial } from './read-initial.js';
import { readTransition } from './read-transition.js';

const COLUMNS = [
  { name: 'from', required: true },
  { name: 'action', required: true },
  { name: 'to', required: true },
  { name: 'who' },
  { name: 'when' },
  { name: 'sets' },
  { name: 'error' },
];

function readLifecycle(part: Part, entities: readonly Entity[], ctx: ReadContext): Lifecycle {
  const entity = entities.find((e) => e.name === part.name);
  const stateField = entity?.fields.find((f) => f.type.kind === 'state');
  const lifecycle: Lifecycle = {
    entity: part.name,
    field: stateField?.name ?? 'status',
    states: [],
    initial: '',
    transitions: [],
    description: proseOf(part.nodes),
    line: part.at.line,
  };
  ctx.where.set(lifecycle, 'entity', part.at);
  for (const property of propertiesIn(part.nodes)) {
    const key = property.key.toLowerCase();
    if (key === 'states') {
      for (const { word, at } of wordsOf(property)) {
        if (!lifecycle.states.includes(word)) lifecycle.states.push(word);
        ctx.where.set(lifecycle, `state.${word}`, at);
      }
    } else if (key === 'initial') {
      readInitial(property, lifecycle, ctx);
    } else if (/^after\s+\w/.test(key)) {
      readEffect(property, lifecycle, ctx);
    } else {
      ctx.bag.warning(
        'unknown-property',
        property.at,
        `\`${property.key}\` is not a property of a lifecycle.`,
        didYouMean(property.key, ['States', 'Initial']) ??
          'write `- States:`, `- Initial:` and `- After <action>:`',
      );
    }
  }
  const tables = tablesIn(part.nodes);
  if (tables.length === 0)
    ctx.bag.warning(
      'missing-table',
      part.at,
      `The lifecycle of \`${part.name}\` has no table of transitions.`,
      'add a table with columns From, Action, To, Who, When, Sets',
    );
  for (const table of tables) {
    for (const row of readTable(table, COLUMNS, ctx) ?? []) {
      const transition = readTransition(row, ctx);
      if (transition) lifecycle.transitions.push(transition);
    }
  }
  complete(lifecycle, part.at, ctx);
  return lifecycle;
}

/** Fills in missing States (from the transitions) and Initial (the first state), with warnings. */
function complete(lifecycle: Lifecycle, at: At, ctx: ReadContext): void {
  if (lifecycle.states.length === 0) {
    const seen = lifecycle.transitions.flatMap((t) => [...t.from, t.to]);
    lifecycle.states = [...new Set(seen)];
    ctx.bag.warning(
      'missing-states',
      at,
      `The lifecycle of \`${lifecycle.entity}\` lists no states; they are taken from its transitions.`,
      'add `- States: a, b, c`',
    );
  }
  if (lifecycle.initial === '' && lifecycle.states.length > 0) {
    lifecycle.initial = lifecycle.states[0]!;
    ctx.bag.warning(
      'missing-initial',
      at,
      `The lifecycle of \`${lifecycle.entity}\` has no initial state; \`${lifecycle.initial}\` is used.`,
      `add \`- Initial: ${lifecycle.initial}\``,
    );
  }
}

/** Reads section 4: one H3 per entity with `- States:`, `- Initial:` and a table of transitions. */
export function readLifecycles(
  body: readonly RootContent[],
  sectionAt: At,
  entities: readonly Entity[],
  ctx: ReadContext,
): Lifecycle[] {
  const [preamble, ...parts] = splitParts(body, sectionAt);
  warnOrphanTables(preamble!, ctx);
  const lifecycles: Lifecycle[] = [];
  for (const part of parts) {
    const earlier = lifecycles.find((l) => l.entity === part.name);
    if (earlier) {
      ctx.bag.error(
        'duplicate-lifecycle',
        part.at,
        `\`${part.name}\` has a second lifecycle; the first is at line ${earlier.line}.`,
        'merge the two into one',
      );
      continue;
    }
    lifecycles.push(readLifecycle(part, entities, ctx));
  }
  return lifecycles;
}
