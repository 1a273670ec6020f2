/** `Ticket`, `LineItem`. */
export const isPascalCase = (name: string): boolean => /^[A-Z][A-Za-z0-9]*$/.test(name);

/** `title`, `dueDate`. */
export const isCamelCase = (name: string): boolean => /^[a-z][A-Za-z0-9]*$/.test(name);

/** `TITLE_TOO_SHORT`, `PAGE_SIZE`. */
export const isUpperSnake = (name: string): boolean => /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(name);

/** Words of a name written any way: `line item`, `LineItem`, `line_item` → line, item. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The PascalCase spelling of a name: `line item` → `LineItem`. */
export const toPascalCase = (name: string): string =>
  words(name)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** The camelCase spelling of a name: `due date` → `dueDate`. */
export const toCamelCase = (name: string): string => {
  const pascal = toPascalCase(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
};

/** The UPPER_SNAKE spelling of a name: `maxOpen` → `MAX_OPEN`. */
export const toUpperSnake = (name: string): string => words(name).join('_').toUpperCase();

/** The name as words for people: `LineItem` → `line item`. */
export const toWords = (name: string): string => words(name).join(' ');
