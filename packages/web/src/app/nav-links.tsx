import { Group, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import type { AppScreen } from '../model/screens.js';
import styles from './skip-link.module.css';

/** The navigation's links, in a row (the header) or a column (the phone's drawer). */
export function NavLinks({
  screens,
  vertical = false,
  onNavigate,
}: {
  screens: readonly AppScreen[];
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const links = screens.map((s) => (
    <NavLink key={s.route} to={s.route} end className={styles.navLink} onClick={onNavigate}>
      {s.name}
    </NavLink>
  ));
  return vertical ? (
    <Stack gap={4}>{links}</Stack>
  ) : (
    <Group gap={4} wrap="nowrap">
      {links}
    </Group>
  );
}
