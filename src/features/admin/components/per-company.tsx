import { Stack, Tabs, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { GrantableCompany } from '../api/admin-api';

/**
 * One panel per company: a plain section when there is one, tabs when there are several (a long
 * page of grids, one under the other, loses the manager in which company they are ticking).
 */
export function PerCompany({
  companies,
  render,
}: {
  companies: readonly GrantableCompany[];
  render: (company: GrantableCompany) => ReactNode;
}) {
  const [tab, setTab] = useState<string | null>(companies[0] ? String(companies[0].id) : null);
  if (companies.length === 1) {
    const [c] = companies;
    return (
      <Stack gap="xs" component="section" aria-label={c.label}>
        <Title order={3} size="h5">
          {c.label}
        </Title>
        {render(c)}
      </Stack>
    );
  }
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {companies.map((c) => (
          <Tabs.Tab key={c.id} value={String(c.id)} mih={44}>
            {c.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {companies.map((c) => (
        <Tabs.Panel key={c.id} value={String(c.id)} pt="sm">
          {render(c)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
