/** Marks the element around a field's input, so that focus can be sent to its box. */
export const fieldMark = (name: string) => ({ 'data-field': name });

/**
 * Moves keyboard focus to a field's box within `scope` (a form, a dialog), once the message the
 * field now shows is drawn: after a refused save, focus goes where the fix is to be made, and a
 * screen reader reads the field with its message. The inputs are drawn by Mantine without a ref
 * the form could hold, so the box is found by its mark.
 */
export function focusField(scope: Element | null, name: string): void {
  setTimeout(() => {
    const holder = scope?.querySelector(`[data-field="${CSS.escape(name)}"]`);
    holder?.querySelector<HTMLElement>('input, textarea, select, button')?.focus();
  }, 0);
}
