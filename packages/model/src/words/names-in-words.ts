/** How names of the specification read to people: `dueDate` → "due date", `ISBNCode` → "isbn code". */
export function words(name: string): string {
  return name
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** A text as a label or the start of a sentence: its first letter capitalised. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A field's label. The model has no label of its own for a field, so its name is split into
 * words: `replacementCost` → "Replacement cost".
 */
export function fieldLabel(name: string): string {
  return sentence(words(name));
}

/** An entity in running text: `PurchaseOrder` → "purchase order". */
export function entityWords(name: string): string {
  return words(name);
}

/**
 * What people read of a field with a problem: its label, then the reason, as one sentence
 * ("Weight kg must be at least 0."). The server answers it and the web app shows it, word for word.
 */
export function fieldProblemMessage(name: string, reason: string): string {
  return `${fieldLabel(name)} ${reason}.`;
}
