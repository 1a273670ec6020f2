import { sentence } from '../../model/names.js';

/**
 * How an action's dialog asks and what it says will happen. A one-word action takes the record
 * as its object ("Offer this application?"); one of several words may carry its own ("Give
 * notice"), so the record goes into the sentence about its states instead ("Give notice?", "This
 * tenancy moves from active to ending."), never "Give notice this tenancy?".
 */
export function actionQuestion(
  label: string,
  entityWords: string,
  from: string,
  to: readonly string[],
): { title: string; states: string } {
  const oneWord = !label.includes(' ');
  const subject = oneWord ? 'It' : sentence(`this ${entityWords}`);
  const states =
    to.length === 1 && from === to[0]
      ? `${subject} stays ${from}.`
      : `${subject} moves from ${from} to ${to.join(' or ')}.`;
  return { title: oneWord ? `${label} this ${entityWords}?` : `${label}?`, states };
}
