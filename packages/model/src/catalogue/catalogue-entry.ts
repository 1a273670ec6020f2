/** An error the API may answer with: a code, an HTTP status and the message users see. */
export interface CatalogueEntry {
  code: string;
  status: number;
  /** May name constants and `{field}` in braces. */
  message: string;
  /** True when the engine defines the code (its message may still come from the spec). */
  engine: boolean;
  line?: number;
}
