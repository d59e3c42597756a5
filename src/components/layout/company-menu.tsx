import { Menu, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuilding, IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { COMPANY_LIST_MAX_HEIGHT, cutCompanyLabel, filterCompanies, showsCompanySearch } from '../../domain/company-label';
import { currentCompanyAtom, profileAtom } from '../../lib/session';

/** Spec 2.4: the company menu of the top bar. */
export function CompanyMenu({ onSwitch }: { onSwitch: (companyId: number) => void }) {
  const profile = useAtomValue(profileAtom);
  const current = useAtomValue(currentCompanyAtom);
  const small = useMediaQuery('(max-width: 48em)');
  const [query, setQuery] = useState('');
  if (!profile || !current) return null;

  const label = small ? cutCompanyLabel(current.label) : current.label;
  const others = profile.userCompanies.filter((c) => c.id !== current.id);
  if (others.length === 0) {
    return <Text fw={600} truncate="end" title={current.label} data-testid="company-label"><IconBuilding size={18} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />{label}</Text>;
  }
  const shown = filterCompanies(others, query);

  return (
    <Menu position="bottom-start" width={320} shadow="md" onClose={() => setQuery('')} trapFocus={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Société : ${current.label}. Changer de société`} data-testid="company-menu" style={{ minHeight: 44, display: 'flex', alignItems: 'center', gap: 6, maxWidth: '100%' }}>
          <IconBuilding size={18} />
          <Text fw={600} truncate="end" title={current.label}>{label}</Text>
          <IconChevronDown size={16} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {showsCompanySearch(profile.userCompanies.length) && (
          <TextInput label="Rechercher une société" placeholder="Nom de la société" leftSection={<IconSearch size={16} />} value={query}
            onChange={(e) => setQuery(e.currentTarget.value)} onKeyDown={(e) => e.stopPropagation()} mb="xs" data-autofocus />
        )}
        <ScrollArea.Autosize mah={COMPANY_LIST_MAX_HEIGHT} type="auto">
          {shown.map((c) => (
            <Menu.Item key={c.id} onClick={() => onSwitch(c.id)}>{c.label}</Menu.Item>
          ))}
          {shown.length === 0 && <Text size="sm" c="dimmed" p="xs">Aucune société ne correspond à « {query} ».</Text>}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}

