import { fileKindsInWords, sizeInWords, words, type Field } from '@specrun/model';

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the field's type and rules ask of a value, in words, shown under its input before any
 * mistake: the catalogue's message for a mistake names no reason, these say what is expected.
 * `scale` is a money field's digits after the point. Never a regular expression: a pattern means
 * nothing to the person typing, so its hint says only that the value has a form of its own, as
 * the server's problem does ("Isbn is not in the expected form.").
 */
export function ruleHints(field: Field, scale?: number): string[] {
  const hints: string[] = [];
  // A list of files: its rules of kind and size are each file's, its bounds count files.
  const files = field.type.kind === 'files';
  const counted = files ? ' files' : '';
  if (field.type.kind === 'integer') hints.push('A whole number');
  if (field.type.kind === 'money' && scale !== undefined)
    hints.push(scale === 0 ? 'No decimals' : `Up to ${scale} decimals`);
  for (const rule of field.rules) {
    switch (rule.kind) {
      case 'length':
        if (rule.min !== undefined && rule.max !== undefined)
          hints.push(`${rule.min} to ${rule.max} characters`);
        else if (rule.min !== undefined) hints.push(`At least ${rule.min} characters`);
        else if (rule.max !== undefined) hints.push(`At most ${rule.max} characters`);
        break;
      case 'items':
        if (rule.min !== undefined) hints.push(`At least ${rule.min}${counted}`);
        if (rule.max !== undefined) hints.push(`At most ${rule.max}${counted}`);
        break;
      case 'min':
        hints.push(`At least ${rule.value}`);
        break;
      case 'max':
        hints.push(`At most ${rule.value}`);
        break;
      case 'afterToday':
        hints.push('After today');
        break;
      case 'unique':
        // In the application's words: "record" is ours, not theirs.
        hints.push(
          rule.with
            ? `Must be unique for each ${rule.with.map(words).join(' and ')}`
            : 'Must be unique',
        );
        break;
      case 'pattern':
        hints.push(`In the expected form for ${words(field.name)}`);
        break;
      case 'fileKinds':
        hints.push(upperFirst(`${files ? 'each ' : ''}${fileKindsInWords(rule.kinds)}`));
        break;
      case 'maxBytes':
        hints.push(`${files ? 'Each at most' : 'At most'} ${sizeInWords(rule.value)}`);
        break;
      default:
        break;
    }
  }
  if (field.type.kind === 'url') hints.push('A web address starting with https://');
  return hints;
}
