import { Checkbox, Stack, type CheckboxGroupProps } from '@mantine/core';
import type { Role } from '@specrun/model';
import { sentence } from '../../model/names.js';

/** A box per role, with the role's description under its name; the ticked roles are the value. */
export function RoleCheckboxes({
  roles,
  ...group
}: Omit<CheckboxGroupProps, 'children'> & { roles: Role[] }) {
  return (
    <Checkbox.Group {...group}>
      <Stack gap={6} mt={6}>
        {roles.map((r) => (
          <Checkbox
            key={r.name}
            value={r.name}
            label={sentence(r.name)}
            description={r.description}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
