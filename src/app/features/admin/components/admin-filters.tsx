/**
 * The admin list's filters: a keyword (username, name or email), a role and a status. The keyword is
 * applied with Search or Enter; the selects apply at once; Reset clears all three.
 */
import { Button, HStack, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRotateCcw, LuSearch } from 'react-icons/lu';
import type { Role } from '../api/admin-api';

export interface AdminFilterValues {
  keyword: string;
  /** A role identifier; '' = any. */
  role: string;
  status: '' | '1' | '0';
}

export const NO_FILTERS: AdminFilterValues = { keyword: '', role: '', status: '' };

interface AdminFiltersProps {
  value: AdminFilterValues;
  roles: readonly Role[];
  onChange: (next: AdminFilterValues) => void;
}

export function AdminFilters({ value, roles, onChange }: AdminFiltersProps) {
  const { t } = useTranslation('admin');
  const [keyword, setKeyword] = useState(value.keyword);

  return (
    <HStack
      as="form"
      gap="2"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, keyword: keyword.trim() });
      }}
      data-testid="admin-filters"
    >
      <InputGroup startElement={<LuSearch />} flex={{ base: '1 1 100%', sm: '0 1 18rem' }}>
        <Input size="sm" value={keyword} placeholder={t('filters.keyword')} aria-label={t('filters.keyword')} onChange={(e) => setKeyword(e.target.value)} />
      </InputGroup>
      <NativeSelect.Root size="sm" flex={{ base: '1 1 8rem', sm: '0 0 10rem' }}>
        <NativeSelect.Field aria-label={t('filters.role')} value={value.role} onChange={(e) => onChange({ ...value, keyword: keyword.trim(), role: e.target.value })}>
          <option value="">{t('filters.anyRole')}</option>
          {roles.map((role) => (
            <option key={role.id} value={role.identifier}>
              {role.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm" flex={{ base: '1 1 7rem', sm: '0 0 8rem' }}>
        <NativeSelect.Field
          aria-label={t('filters.status')}
          value={value.status}
          onChange={(e) => onChange({ ...value, keyword: keyword.trim(), status: e.target.value as AdminFilterValues['status'] })}
        >
          <option value="">{t('filters.anyStatus')}</option>
          <option value="1">{t('status.enabled')}</option>
          <option value="0">{t('status.disabled')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="brand">
          <LuSearch />
          {t('filters.search')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setKeyword('');
            onChange(NO_FILTERS);
          }}
        >
          <LuRotateCcw />
          {t('filters.reset')}
        </Button>
      </HStack>
    </HStack>
  );
}
