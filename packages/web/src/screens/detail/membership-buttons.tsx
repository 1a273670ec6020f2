import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { recordKey } from '../../api/use-record.js';
import { useSession } from '../../api/use-session.js';
import { useApp } from '../../app/app-context.js';
import { isMember, membershipsOf, type Membership } from '../../model/memberships.js';
import type { ApiRecord } from '../../model/record-label.js';
import type { Entity } from '@specrun/model';
import { ErrorAlert } from '../../ui/error-alert.js';

/**
 * A toggle button per list the signed-in caller may join and leave on this record (section 7's
 * `add me to` and `remove me from`): pressed when they are in it. The record is read again from
 * the call's answer, so counts and the computed boolean follow.
 */
export function MembershipButtons({ entity, record }: { entity: Entity; record: ApiRecord }) {
  const { model, api } = useApp();
  const { user } = useSession();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const handle = api.handle(entity.name, record);
  if (!user || handle === undefined) return null;
  const memberships = membershipsOf(model, entity, api.calls);
  if (memberships.length === 0) return null;
  const toggle = async (m: Membership, member: boolean) => {
    const call = member ? m.remove : m.add;
    if (!call) return;
    setBusy(m.field);
    setFailure(undefined);
    try {
      await api.membership(call, entity.name, handle, { record });
      await client.invalidateQueries({ queryKey: recordKey(entity.name, handle) });
      await client.invalidateQueries({ queryKey: ['list'] });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <>
      <Group gap="sm">
        {memberships.map((m) => {
          const member = isMember(m, record, user.id) ?? false;
          const possible = member ? m.remove !== undefined : m.add !== undefined;
          return (
            <Button
              key={m.field}
              variant={member ? 'filled' : 'default'}
              aria-pressed={member}
              loading={busy === m.field}
              disabled={!possible}
              onClick={() => void toggle(m, member)}
            >
              {m.label}
            </Button>
          );
        })}
      </Group>
      {failure !== undefined && <ErrorAlert error={failure} />}
    </>
  );
}
