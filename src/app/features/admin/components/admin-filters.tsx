/**
 * The admin list's filters: a keyword (username, name or email), a role and a status. The keyword is
 * applied with Search or Enter; the selects apply at once; Reset clears all three.
 */
import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/app/components/data-table/filter-bar';
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
  return (
    <FilterBar value={value} empty={NO_FILTERS} textKey="keyword" label={t('filters.keyword')} onChange={onChange} testId="admin-filters">
      {(apply) => (
        <>
          <NativeSelect.Root size="sm" flex={{ base: '1 1 8rem', sm: '0 0 10rem' }}>
            <NativeSelect.Field aria-label={t('filters.role')} value={value.role} onChange={(e) => apply({ role: e.target.value })}>
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
            <NativeSelect.Field aria-label={t('filters.status')} value={value.status} onChange={(e) => apply({ status: e.target.value as AdminFilterValues['status'] })}>
              <option value="">{t('filters.anyStatus')}</option>
              <option value="1">{t('status.enabled')}</option>
              <option value="0">{t('status.disabled')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </>
      )}
    </FilterBar>
  );
}
