import { Box, Combobox, Text, UnstyledButton, VisuallyHidden, useCombobox } from '@mantine/core';
import { useId, useMediaQuery } from '@mantine/hooks';
import { IconBuilding, IconChevronDown, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import {
  COMPANY_LIST_MAX_HEIGHT,
  cutCompanyLabel,
  filterCompanies,
  showsCompanySearch,
  sortCompaniesByLabel,
} from '../../domain/company-label';
import { currentCompanyAtom, profileAtom } from '../../lib/session';

/**
 * NAV-16: the company menu of the top bar. A combobox (search field + listbox) rather than a
 * menu: a search field is not allowed inside role="menu", and arrow keys then work from the field.
 */
export function CompanyMenu({ onSwitch }: { onSwitch: (companyId: number) => void }) {
  const profile = useAtomValue(profileAtom);
  const current = useAtomValue(currentCompanyAtom);
  const small = useMediaQuery('(max-width: 48em)');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const withSearch = showsCompanySearch(profile?.userCompanies.length ?? 0);
  const combobox = useCombobox({
    onDropdownOpen: () => (withSearch ? combobox.focusSearchInput() : combobox.selectFirstOption()),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setQuery('');
    },
  });
  if (!profile || !current) return null;

  const label = small ? cutCompanyLabel(current.label) : current.label;
  // The building icon and the chevron give way on small screens so the cut label is never clipped a second time.
  const icon = (
    <Box visibleFrom="sm" style={{ display: 'flex' }}>
      <IconBuilding size={18} aria-hidden />
    </Box>
  );
  const others = profile.userCompanies.filter((c) => c.id !== current.id);
  if (others.length === 0) {
    return (
      <Text
        fw={600}
        truncate="end"
        title={current.label}
        data-testid="company-label"
        style={{ display: 'flex', alignItems: 'center', gap: 6 }}
      >
        {icon}
        {label}
      </Text>
    );
  }
  const shown = sortCompaniesByLabel(filterCompanies(others, query));

  return (
    <Combobox
      store={combobox}
      // Mounted when opened only: Mantine keeps a closed dropdown in the DOM by default, so every
      // page load rendered the company list and positioned it (floating-ui) for nothing (decision 031).
      keepMounted={false}
      width={320}
      position="bottom-start"
      shadow="md"
      onOptionSubmit={(value) => {
        combobox.closeDropdown();
        onSwitch(Number(value));
      }}
    >
      <Combobox.Target targetType="button" withAriaAttributes={!withSearch}>
        <UnstyledButton
          onClick={() => combobox.toggleDropdown()}
          data-testid="company-menu"
          title={current.label}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
          style={{ minHeight: 44, display: 'flex', alignItems: 'center', gap: 6, maxWidth: '100%' }}
        >
          {icon}
          <Text fw={600} size={small ? 'sm' : 'md'} truncate="end">
            {label}
          </Text>
          <VisuallyHidden>, changer de société</VisuallyHidden>
          {!small && <IconChevronDown size={16} aria-hidden style={{ flexShrink: 0 }} />}
        </UnstyledButton>
      </Combobox.Target>
      <Combobox.Dropdown>
        {withSearch && (
          <Box p={4} pb="xs">
            <Text component="label" htmlFor={searchId} size="sm" fw={500} display="block" mb={4}>
              Rechercher une société
            </Text>
            <Combobox.Search
              id={searchId}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="Nom de la société"
              leftSection={<IconSearch size={16} aria-hidden />}
              mx={0}
            />
          </Box>
        )}
        <Combobox.Options aria-label="Mes sociétés" mah={COMPANY_LIST_MAX_HEIGHT} style={{ overflowY: 'auto' }}>
          {shown.map((c) => (
            <Combobox.Option
              key={c.id}
              value={String(c.id)}
              style={{ minHeight: 40, display: 'flex', alignItems: 'center' }}
            >
              {c.label}
            </Combobox.Option>
          ))}
          {shown.length === 0 && <Combobox.Empty>Aucune société ne correspond à « {query} ».</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
