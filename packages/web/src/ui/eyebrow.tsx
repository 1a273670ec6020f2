import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import tones from './tones.module.css';

/** The small capitalised line above a page's heading that names the screen or what it shows. */
export function Eyebrow({ children }: { children: ReactNode }) {
  return (
    <Text
      size="sm"
      fw={600}
      tt="uppercase"
      className={tones.accentText}
      style={{ letterSpacing: '0.06em' }}
    >
      {children}
    </Text>
  );
}
