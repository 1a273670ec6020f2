/** An error the API may answer with: a code, an HTTP status and the message users see. */
export interface CatalogueEntry {
  code: string;
  status: number;
  /** May name constants and `{field}` in braces. */
  message: string;
  /**
   * What an answer with this code is about, under a declared error body (section 8's `Key`
   * column): the key its messages are listed under when no field or path names one.
   */
  key?: string;
  /** True when the engine defines the code (its message may still come from the spec). */
  engine: boolean;
  line?: number;
}
