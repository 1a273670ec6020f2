import type { FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import type { Actor } from '../callers/actor.js';

/** The signed-in user, or UNAUTHENTICATED. */
export function signedInUser(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
