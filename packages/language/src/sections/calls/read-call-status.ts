import { allowedStatuses, SUCCESS_STATUSES, type Call, type SuccessStatus } from '@specrun/model';
import type { ReadContext } from '../../read-context.js';
import type { Cell } from '../tables/read-cell.js';

const WORDS: Record<SuccessStatus, string> = {
  200: '200 OK',
  201: '201 Created',
  204: '204 No Content',
};

/**
 * Reads a call's `Status` cell: a success status the operation can answer (allowedStatuses),
 * and a 204 only without a Response shape. Empty: undefined (the engine chooses). Anything
 * else is `bad-status` at the cell, and the engine's status stands.
 */
export function readCallStatus(
  cell: Cell,
  call: Call,
  ctx: ReadContext,
): SuccessStatus | undefined {
  const text = cell.text.trim();
  if (text === '') return undefined;
  const status = Number(text) as SuccessStatus;
  const allowed = allowedStatuses(call.operation.kind);
  if (!/^\d{3}$/.test(text) || !SUCCESS_STATUSES.includes(status)) {
    ctx.bag.error(
      'bad-success-status',
      cell,
      `\`${text}\` is not a success status a call can declare.`,
      `write ${allowed.join(' or ')}, or leave the cell empty`,
    );
    return undefined;
  }
  if (!allowed.includes(status)) {
    ctx.bag.error(
      'bad-success-status',
      cell,
      `A \`${call.operation.kind}\` call cannot answer ${WORDS[status]}.`,
      `write ${allowed.join(' or ')}, or leave the cell empty`,
    );
    return undefined;
  }
  if (status === 204 && call.response) {
    ctx.bag.error(
      'bad-success-status',
      cell,
      '204 No Content answers no body, but this call declares a Response shape.',
      'declare 200, or leave the Response empty',
    );
    return undefined;
  }
  return status;
}
