/** The digits after the decimal point of an amount in `currency`: JPY 0, EUR 2, BHD 3. */
export function currencyScale(currency: string | undefined): number {
  if (!currency) return 2;
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    return format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code (the spec checker reports it): most currencies have cents.
    return 2;
  }
}
