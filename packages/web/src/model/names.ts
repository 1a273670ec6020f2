/** How names of the specification read in the interface: `dueDate` → "Due date". */
export function words(name: string): string {
  return name
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

/** A name as a label or a heading: first letter capitalised. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field's label: `replacementCost` → "Replacement cost". */
export function fieldLabel(name: string): string {
  return sentence(words(name));
}

/** An entity in running text: `PurchaseOrder` → "purchase order". */
export function entityWords(name: string): string {
  return words(name);
}

/** An action's button label: `checkin` → "Checkin", `markPaid` → "Mark paid". */
export function actionLabel(action: string): string {
  return sentence(words(action));
}
