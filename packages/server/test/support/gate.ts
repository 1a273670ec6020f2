/** A promise with its resolve, to hold a transaction open at a chosen point. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
