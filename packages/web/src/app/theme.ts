import { createTheme } from '@mantine/core';

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
