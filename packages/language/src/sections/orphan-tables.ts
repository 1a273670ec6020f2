import { startOf } from '../markdown/parse-markdown.js';
import type { Part } from '../markdown/section-parts.js';
import { tablesIn } from '../markdown/section-parts.js';
import type { ReadContext } from '../read-context.js';

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
