import type { ReadContext } from './read-context.js';
import type { Part } from './section-parts.js';
import { startOf } from './markdown.js';
import { tablesIn } from './section-parts.js';

/** Warns on tables written before a section's first H3: they belong to no entity. */
export function warnOrphanTables(part: Part, ctx: ReadContext): void {
  for (const table of tablesIn(part.nodes)) {
    ctx.bag.warning(
      'orphan-table',
      startOf(table),
      'This table is under no H3 heading, so it is ignored.',
      'put `### EntityName` above it',
    );
  }
}
