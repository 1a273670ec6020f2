import type { SVGProps } from 'react';

/**
 * An outline icon drawn on a 24-unit grid in the text's colour. Decorative: the control that
 * shows it carries the label, so screen readers skip the drawing.
 */
export function LineIcon({ size, ...svg }: { size: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      {...svg}
    />
  );
}
