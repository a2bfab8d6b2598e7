import { Select } from '@mantine/core';
import type { Organization } from '@ocx/contracts';
import { useState } from 'react';
import { useOrganizations } from '../../api/queries/use-billing';
import { ROLE_LABELS } from './role-labels';

/** Said where a screen needs an organization and the user has none (spec §8, Billing). */
export const NO_ORGANIZATION = 'No organization selected';

/**
 * The organization a screen shows (Billing, Team): the one chosen here, else the first. After leaving
 * the chosen one it is no longer in the list, and the first shows instead.
 */
export function useOrganizationChoice() {
  const organizations = useOrganizations();
  const [chosen, choose] = useState<string | null>(null);
  const list = organizations.data ?? [];
  const organization: Organization | null = list.find((o) => o.id === chosen) ?? list[0] ?? null;
  return { organizations, list, organization, choose };
}

/** The choice of organization, offered only to someone in more than one. */
export function OrganizationSelect({
  list,
  value,
  onChange,
}: {
  list: Organization[];
  value: string | null;
  onChange(id: string | null): void;
}) {
  if (list.length < 2) return null;
  return (
    <Select
      label="Organization"
      data={list.map((o) => ({ value: o.id, label: `${o.name} (${ROLE_LABELS[o.role]})` }))}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      w={260}
    />
  );
}
