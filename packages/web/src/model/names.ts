import { sentence, words } from '@specrun/model';

// How names read is decided once, in @specrun/model: the server words its messages alike.
export { entityWords, fieldLabel, sentence, words } from '@specrun/model';

/** An action's button label: `checkIn` → "Check in", `markPaid` → "Mark paid". */
export function actionLabel(action: string): string {
  return sentence(words(action));
}
