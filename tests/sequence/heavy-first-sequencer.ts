import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest test files, longest first, as measured in a full run on the 2-core machine
 * (seconds per file, quiet / loaded): Vitest starts them first when it has no timings of its
 * own. Without timings (a fresh clone, as on CI) it starts the largest files first, and these
 * are small files that drive large support code: the permission matrix (90 s) and the job
 * walker (64 s) came last, each running alone on one worker at the end of its phase while the
 * other worker sat idle. tests/project/heavy-files.test.ts checks every path still exists.
 */
export const HEAVY_FILES = [
  // integration
  'packages/server/test/permissions/permission-matrix.test.ts', // ~90 / 313
  'packages/server/test/lifecycle/available-actions.test.ts', // ~77 / 654
  'packages/server/test/lifecycle/transitions.test.ts', // 411 loaded
  'packages/server/test/operations/field-checks.test.ts', // 200 loaded
  'packages/server/test/openapi/lint-documents.test.ts', // 180 loaded
  'packages/server/test/http/examples.test.ts', // 121 loaded
  'packages/cli/test/users-command.test.ts', // 111 loaded
  'packages/server/test/query/derived-indexes.test.ts', // 100 loaded
  // browser
  'tests/browser/jobs/jobs-slowest.test.ts', // the job walker: ~330 s in all, loaded
  'tests/browser/jobs/jobs-others.test.ts',
  'tests/browser/examples/workshops.test.ts', // 59 (144 loaded)
  'tests/browser/examples/helpdesk.test.ts', // 118 loaded
];

/**
 * Vitest's own order (phases by groupOrder, projects one after the other, files by past
 * duration, else by size), except that in a project without past timings for every file the
 * HEAVY_FILES go first, so that the two workers of a phase finish together.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId).split('\\').join('/');
    const block = (spec: TestSpecification) =>
      `${spec.project.config.sequence.groupOrder}\u0000${spec.project.name}`;
    const timed = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`) !== undefined;
    const untimedBlocks = new Set(ordered.filter((s) => !timed(s)).map(block));
    const rank = (spec: TestSpecification) => {
      if (!untimedBlocks.has(block(spec))) return HEAVY_FILES.length;
      const index = HEAVY_FILES.indexOf(path(spec));
      return index === -1 ? HEAVY_FILES.length : index;
    };
    const position = new Map(ordered.map((spec, index) => [spec, index]));
    const blockStart = new Map<string, number>();
    ordered.forEach((spec, index) => {
      if (!blockStart.has(block(spec))) blockStart.set(block(spec), index);
    });
    // Blocks keep their places; within one, heavy files first, then Vitest's order.
    return [...ordered].sort(
      (a, b) =>
        blockStart.get(block(a))! - blockStart.get(block(b))! ||
        rank(a) - rank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
