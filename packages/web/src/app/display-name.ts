/** The application's name as a heading shows it: the spec's words, first letter capitalised. */
export function displayName(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}
