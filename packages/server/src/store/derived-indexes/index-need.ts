/** One key of an order: a column, descending or not. */
export interface OrderColumn {
  column: string;
  desc: boolean;
}

/**
 * What one query of the application asks of an entity's table: the rows whose `equal` fields
 * hold given values, read in `order` (a list) or only counted (no order), and the `compared`
 * fields it tests on those rows besides. `why` says which query, for the record.
 */
export interface IndexNeed {
  entity: string;
  equal: string[];
  compared: string[];
  order: OrderColumn[];
  why: string;
}
