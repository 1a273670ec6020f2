/** A CEL expression as written in the document, with where its first character stands. */
export interface Expression {
  source: string;
  line: number;
  /** Column of the expression's first character (inside the backticks). */
  column: number;
}
