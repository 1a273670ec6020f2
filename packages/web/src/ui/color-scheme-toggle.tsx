import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { LineIcon } from './line-icon.js';

const sun = (
  <LineIcon size={18}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </LineIcon>
);
const moon = (
  <LineIcon size={18}>
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </LineIcon>
);

/** Switches between the light and the dark theme; the choice is remembered. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const current = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Use the ${next} theme`}
      title={`Use the ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {current === 'dark' ? sun : moon}
    </ActionIcon>
  );
}
