import { ANYONE, matchingRows, type ApiOperation, type AppModel } from '@specrun/model';
import type { onRequestHookHandler } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import { actorOf } from './actor-of.js';
import { bodyRefusal, refuseBody } from '../calls/refuse-body.js';

/** The section 6 action a record operation needs; undefined for those decided elsewhere. */
function actionOf(operation: ApiOperation): string | undefined {
  switch (operation.kind) {
    case 'list':
    case 'get':
    case 'history':
      return 'read';
    case 'create':
    case 'update':
    case 'delete':
      return operation.kind;
    default:
      return undefined;
  }
}

/**
 * Whether section 6 keeps every anonymous caller from an operation: no `anyone` row allows its
 * action on the entity, whatever the record. Such a call needs a signed-in caller before anything
 * else is looked at.
 */
export function needsSignedIn(model: AppModel, operation: ApiOperation): boolean {
  const action = actionOf(operation);
  if (action === undefined || !('entity' in operation)) return false;
  return matchingRows(model.permissions, [ANYONE], operation.entity, action).length === 0;
}

/**
 * Authentication first: a call nobody anonymous may ever make answers UNAUTHENTICATED (401)
 * before its record is looked up, so an anonymous caller learns nothing of which records exist
 * (an anonymous DELETE of an unknown record is 401, not 404). With `bodyless`, a body sent to a
 * call that takes none is then refused (refuseBody), in the same hook: one hook per call, as
 * every request of the call runs it. Undefined when there is nothing to check.
 */
export function signedInFirst(
  model: AppModel,
  operation: ApiOperation,
  { bodyless = false }: { bodyless?: boolean } = {},
): onRequestHookHandler | undefined {
  const signIn = needsSignedIn(model, operation);
  if (!signIn) return bodyless ? refuseBody : undefined;
  return (request, _reply, done) => {
    if (!actorOf(request)) return done(new AppError('UNAUTHENTICATED'));
    const refused = bodyless ? bodyRefusal(request) : undefined;
    if (refused) done(refused);
    else done();
  };
}
