import type { FocusEvent } from 'react';

/** Marks a form's buttons (Save, Cancel), which leaving a field for checks nothing. */
export const FORM_ACTIONS = { 'data-form-actions': true } as const;

/**
 * A field's blur handler that checks the field when the user moves on to another field, but not
 * when they press one of the form's buttons: the button acts on the whole form anyway, and a
 * message appearing there and then would move the button from under the pointer, so that the
 * press is lost.
 */
export function checkedOnLeaving(check: (event: FocusEvent) => unknown) {
  return (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Element && next.closest('[data-form-actions]')) return;
    void check(event);
  };
}
