import {
  isAddressProblem,
  pathAddress,
  type AppModel,
  type Call,
  type Shape,
} from '@specrun/model';
import type { At } from '../diagnostics/diagnostic-bag.js';
import type { ReadContext } from '../read-context.js';

/** Where `:param` is written in the call's path. */
function paramAt(call: Call, param: string, ctx: ReadContext): At {
  const at = ctx.where.at(call, 'path', { line: call.line, column: 1 });
  const index = call.path.search(new RegExp(`:${param}(?![A-Za-z0-9_])`));
  return { line: at.line, column: at.column + Math.max(index, 0) };
}

/** Whether an object shape names the field, at any depth (`{ comment: { article } }`). */
function names(shape: Shape, field: string): boolean {
  if (shape.kind !== 'object') return false;
  return shape.properties.some(
    (p) => (p.shape.kind === 'field' && p.name === field) || names(p.shape, field),
  );
}

/**
 * Checks how each call's path addresses records: its last parameter names a field that tells
 * the operation's records apart, its earlier ones parents the entity refers to; a create under
 * a parent takes the reference from the path, so its payload may not name it.
 */
export function checkPathAddresses(model: AppModel, ctx: ReadContext): void {
  for (const call of model.calls) {
    const found = pathAddress(model, call);
    if (isAddressProblem(found)) {
      ctx.bag.error(
        'bad-path-parameter',
        paramAt(call, found.param, ctx),
        found.message,
        found.hint,
      );
      continue;
    }
    const parent = found.parents.at(-1);
    if (call.operation.kind !== 'create' || !parent || !call.payload) continue;
    if (names(call.payload, parent.via))
      ctx.bag.error(
        'bad-path-parameter',
        paramAt(call, parent.param, ctx),
        `\`${parent.via}\` is given by the path's \`:${parent.param}\`, so the payload cannot name it.`,
        `remove \`${parent.via}\` from the payload`,
      );
  }
}
