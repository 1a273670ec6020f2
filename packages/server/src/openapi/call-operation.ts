import type { ApiCall } from '@specrun/model';
import { accountOperation } from './account-operations.js';
import type { DocumentContext } from './document-context.js';
import { historyOperation, transitionOperation } from './lifecycle-operations.js';
import type { DraftOperation } from './operation-parts.js';
import { memberOperation } from './member-operation.js';
import { linkOperation } from './link-operation.js';
import { withDeclaredStatus } from './declared-status.js';
import { recordOperation } from './record-operations.js';

/** The operation object of one served call, by what the call does, at its success status. */
export function callOperation(ctx: DocumentContext, call: ApiCall): DraftOperation {
  return withDeclaredStatus(call, operationOf(ctx, call));
}

function operationOf(ctx: DocumentContext, call: ApiCall): DraftOperation {
  const op = call.operation;
  switch (op.kind) {
    case 'list':
    case 'get':
    case 'create':
    case 'update':
    case 'delete':
      return recordOperation(ctx, call, op.kind, op.entity);
    case 'history':
      return historyOperation(ctx, call, op.entity);
    case 'transition':
      return transitionOperation(ctx, call, op.entity, op.action);
    case 'add-me':
    case 'remove-me':
      return memberOperation(ctx, call, op.kind, op.entity, op.field);
    case 'add-link':
    case 'remove-link':
      return linkOperation(ctx, call, op);
    default:
      return accountOperation(ctx, call, op.kind);
  }
}
