import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** The app's look: Mantine's defaults with a calmer radius and text sized for reading. */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above 4.5:1 contrast (shade 6 does not).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * Mantine's secondary and error text colours fall under 4.5:1 on the light background (gray-6,
 * red-6): darker shades there, lighter ones in the dark theme, so help and error text stay AA.
 */
export const cssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
