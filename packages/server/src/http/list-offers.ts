import { AppError } from '../catalogue/app-error.js';
import { single, type QueryParams } from '../calls/query-params.js';
import type { EntityApi } from './api-context.js';

/** A list's query with `offers` taken out of it, and the create it names. */
export interface ListOffers {
  query: QueryParams;
  /** `create:Booking.event`: each record's `actions` say whether that create would be accepted. */
  offer?: string;
}

/**
 * Reads a list's `offers=create:<Entity>.<field>`: the records are the choices of a create form's
 * reference (the workshops of "Book a place"), and each says among its actions whether a record
 * referring to it through that field would be accepted now, as a record's page is told. One create
 * only: deciding every create for every record of a page would cost a list what it has no use for.
 */
export function readListOffers(target: EntityApi, query: QueryParams): ListOffers {
  const value = single(query, 'offers');
  if (value === undefined) return { query };
  const rest = { ...query };
  delete rest.offers;
  const names = target.lifecycle.createOffers;
  if (!names.includes(value)) {
    const among =
      names.length > 0
        ? `one of ${names.join(', ')}`
        : `none here: no record refers to ${target.entity.name}`;
    throw new AppError(
      'BAD_REQUEST',
      `offers on a list names one create of a record referring to these: ${among}.`,
    );
  }
  return { query: rest, offer: value };
}
