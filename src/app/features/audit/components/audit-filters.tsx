/**
 * The filters of the audit trail: keyword (username, operation, target or summary), admin,
 * operation, and a time range with the notification list's 1 week / 1 month / 3 months shortcuts
 * (the same date helpers). The keyword applies on Enter or Search; the selects, dates and shortcuts
 * at once. The admin is a select of the company's admins for those who may list them (admin.list);
 * anyone can also narrow to one admin from an entry's details, shown here as a removable chip.
 */
import { Field, NativeSelect, Tag } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '@/app/components/close-button';
import { DateRangeFilter } from '@/app/components/data-table/date-range-filter';
import { FilterBar } from '@/app/components/data-table/filter-bar';
import { AUDIT_OPERATIONS, operationLabel } from '../lib/operations';

export interface AuditFilterValues {
  keyword: string;
  /** Only this admin's entries; null = everyone. */
  adminId: number | null;
  /** How to show the chosen admin when it is not among the select's options. */
  adminName: string;
  /** An operationId; '' = every operation. */
  operation: string;
  /** `YYYY-MM-DD` of input[type=date]; both or neither filter. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilterValues = { keyword: '', adminId: null, adminName: '', operation: '', from: '', to: '' };

export interface AdminOption {
  id: number;
  label: string;
}

interface AuditFiltersProps {
  value: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
  /** The company's admins, or null when the user may not list them. */
  admins: AdminOption[] | null;
  /** The company's time zone, whose calendar the days are (null until the list has said it). */
  timeZone: string | null;
}

export function AuditFilters({ value, onChange, admins, timeZone }: AuditFiltersProps) {
  const { t } = useTranslation('audit');
  const adminListed = value.adminId === null || (admins ?? []).some((admin) => admin.id === value.adminId);

  return (
    <FilterBar
      value={value}
      empty={EMPTY_AUDIT_FILTERS}
      textKey="keyword"
      label={t('filters.keyword')}
      placeholder={t('filters.keywordPlaceholder')}
      caption
      name="keyword"
      maxLength={255}
      size="xs"
      testId="audit-filters"
      onChange={onChange}
    >
      {(apply) => (
        <>
          {admins && (
            <Field.Root w={{ base: 'full', sm: '44' }}>
              <Field.Label textStyle="xs" color="fg.muted">
                {t('filters.admin')}
              </Field.Label>
              <NativeSelect.Root size="xs">
                <NativeSelect.Field
                  name="admin"
                  value={value.adminId === null ? '' : String(value.adminId)}
                  onChange={(event) => {
                    const id = event.target.value ? Number(event.target.value) : null;
                    apply({ adminId: id, adminName: admins.find((admin) => admin.id === id)?.label ?? '' });
                  }}
                >
                  <option value="">{t('filters.allAdmins')}</option>
                  {admins.map((admin) => (
                    <option key={admin.id} value={admin.id}>
                      {admin.label}
                    </option>
                  ))}
                  {!adminListed && <option value={value.adminId!}>{value.adminName || `#${value.adminId}`}</option>}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          {!admins && value.adminId !== null && (
            <Tag.Root size="lg" colorPalette="brand" variant="subtle" alignSelf="flex-end" data-testid="audit-admin-chip">
              <Tag.Label>{t('filters.adminChip', { name: value.adminName || `#${value.adminId}` })}</Tag.Label>
              <Tag.EndElement>
                <CloseButton size="2xs" aria-label={t('filters.clearAdmin')} onClick={() => apply({ adminId: null, adminName: '' })} />
              </Tag.EndElement>
            </Tag.Root>
          )}

          <Field.Root w={{ base: 'full', sm: '48' }}>
            <Field.Label textStyle="xs" color="fg.muted">
              {t('filters.operation')}
            </Field.Label>
            <NativeSelect.Root size="xs">
              <NativeSelect.Field name="operation" value={value.operation} onChange={(event) => apply({ operation: event.target.value })}>
                <option value="">{t('filters.allOperations')}</option>
                {AUDIT_OPERATIONS.map((operation) => (
                  <option key={operation} value={operation}>
                    {operationLabel(operation, t)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>

          <DateRangeFilter
            label={t('filters.range')}
            fromLabel={t('filters.from')}
            toLabel={t('filters.to')}
            from={value.from}
            to={value.to}
            onChange={apply}
            shortcutLabel={(key) => t(`filters.${key}`)}
            timeZone={timeZone}
          />
        </>
      )}
    </FilterBar>
  );
}
