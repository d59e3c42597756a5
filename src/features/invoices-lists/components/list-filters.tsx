import { Button, Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '../../../components/dates';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface Option {
  value: string;
  label: string;
}

/** Shared part of both lists' filters. */
export interface BaseFilters {
  q: string;
  customer: string;
  from: string;
  to: string;
}

interface Props<F extends BaseFilters> {
  filters: F;
  onChange: (patch: Partial<F>) => void;
  onReset: () => void;
  active: boolean;
  searchLabel: string;
  customers: Option[];
  /** The list's own selects (state, type, validation). */
  children: ReactNode;
}

const clear = { 'aria-label': 'Effacer' };
// Mantine's date placeholder is a grey span below the 4.5:1 contrast: a darker grey.
const dateStyles = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

/** Search, customer, the list's own selects and the period (billing date, from–to). */
export function ListFilters<F extends BaseFilters>({
  filters,
  onChange,
  onReset,
  active,
  searchLabel,
  customers,
  children,
}: Props<F>) {
  const patch = (p: Partial<BaseFilters>) => onChange(p as Partial<F>);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={searchLabel}
        placeholder="Numéro, client ou compte"
        leftSection={<IconSearch size={16} />}
        type="search"
        value={filters.q}
        onChange={(e) => patch({ q: e.currentTarget.value })}
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        label="Client"
        placeholder="Tous les clients"
        data={customers}
        searchable
        clearable
        clearButtonProps={clear}
        limit={50}
        nothingFoundMessage="Aucun client trouvé"
        value={filters.customer || null}
        onChange={(v) => patch({ customer: v ?? '' })}
        w={{ base: '100%', sm: 240 }}
      />
      {children}
      <DatePickerInput
        label="Du"
        placeholder="JJ/MM/AAAA"
        styles={dateStyles}
        valueFormat="DD/MM/YYYY"
        clearable
        clearButtonProps={clear}
        value={filters.from || null}
        maxDate={filters.to || undefined}
        onChange={(v) => patch({ from: v ? String(v).slice(0, 10) : '' })}
        w={150}
      />
      <DatePickerInput
        label="Au"
        placeholder="JJ/MM/AAAA"
        styles={dateStyles}
        valueFormat="DD/MM/YYYY"
        clearable
        clearButtonProps={clear}
        value={filters.to || null}
        minDate={filters.from || undefined}
        onChange={(v) => patch({ to: v ? String(v).slice(0, 10) : '' })}
        w={150}
      />
      {active && (
        <Button variant="subtle" leftSection={<IconFilterOff size={18} />} onClick={onReset} mih={44}>
          Effacer les filtres
        </Button>
      )}
    </Group>
  );
}

/** A small select of the filter bar; '' is "all". */
export function FilterSelect({
  label,
  placeholder,
  data,
  value,
  onChange,
  w = 160,
}: {
  label: string;
  placeholder: string;
  data: Option[];
  value: string;
  onChange: (v: string) => void;
  w?: number;
}) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      clearable
      clearButtonProps={clear}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      w={{ base: '100%', xs: w }}
    />
  );
}
