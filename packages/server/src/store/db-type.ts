import type { Kysely } from 'kysely';

/**
 * A Kysely instance or transaction on the application's database. The tables come from the
 * model at run time, so there is no static database type to give it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>;
