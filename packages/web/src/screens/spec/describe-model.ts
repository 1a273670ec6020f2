import {
  sizeInWords,
  type Allowance,
  type FieldRule,
  type FieldSelection,
  type FieldType,
  type Shape,
} from '@specrun/model';

/** A field's type as section 3 writes it. */
export function typeText(type: FieldType): string {
  switch (type.kind) {
    case 'longText':
      return 'long text';
    case 'money':
      return type.currency ? `money ${type.currency}` : 'money';
    case 'enum':
      return `one of ${type.values.join(', ')}`;
    case 'reference':
      return `→ ${type.entity}`;
    case 'list':
      return `list of ${type.entity}`;
    case 'files':
      return 'list of files';
    default:
      return type.kind;
  }
}

/** A field rule as section 3 writes it. */
export function ruleText(rule: FieldRule): string {
  switch (rule.kind) {
    case 'unique':
      return rule.with ? `unique with ${rule.with.join(', ')}` : 'unique';
    case 'numbered':
      return `numbered ${rule.format}${rule.per ? ` per ${rule.per}` : ''}`;
    case 'length':
      if (rule.min !== undefined && rule.max !== undefined) return `${rule.min}..${rule.max} chars`;
      return rule.min !== undefined ? `at least ${rule.min} chars` : `at most ${rule.max} chars`;
    case 'items':
      return rule.min !== undefined ? `at least ${rule.min}` : `at most ${rule.max}`;
    case 'min':
      return `min ${rule.value}`;
    case 'max':
      return `max ${rule.value}`;
    case 'pattern':
      return `pattern ${rule.regex}`;
    case 'readOnly':
      return 'read-only';
    case 'slugFrom':
      return `slug from ${rule.from}${rule.follows ? ', follows changes' : ''}`;
    case 'afterToday':
      return 'after today';
    case 'computed':
      return `computed ${rule.expression.source}`;
    case 'fileKinds':
      return `accepts ${rule.kinds.join(' or ')}`;
    case 'maxBytes':
      return `at most ${sizeInWords(rule.value)}`;
  }
}

/** A permission's Allowed cell. */
export function allowanceText(allowed: Allowance): string {
  return allowed.kind === 'when' ? allowed.condition.source : allowed.kind;
}

/** A permission's Fields cell. */
export function selectionText(selection: FieldSelection): string {
  switch (selection.kind) {
    case 'all':
      return 'all';
    case 'allExcept':
      return `all except ${selection.fields.join(', ')}`;
    case 'only':
      return selection.fields.join(', ');
    case 'none':
      return '';
  }
}

/** A shape of section 7 as written. */
export function shapeText(shape: Shape | undefined): string {
  if (!shape) return '';
  switch (shape.kind) {
    case 'entity':
      return shape.list ? `${shape.entity}[]` : shape.entity;
    case 'field':
    case 'count':
      return shape.kind;
    case 'object':
      return `{ ${shape.properties
        .map((p) => {
          const name = `${p.name}${p.optional ? '?' : ''}`;
          return p.shape.kind === 'field' || p.shape.kind === 'count'
            ? name
            : `${name}: ${shapeText(p.shape)}`;
        })
        .join(', ')} }`;
  }
}
