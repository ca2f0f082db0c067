/**
 * Create a company, or edit one: its name, the public URL its audience joins at (the base of the
 * join link and the display's QR code; empty = the server's PUBLIC_URL) and the time zone of its
 * exports. The server decides what is valid (a name not empty once trimmed, at most 100 characters,
 * no other company's name in any case; an http(s) address; a time zone it knows) and its 422 messages
 * appear under each field; the inputs only stop typing past their length.
 */
import { Input, NativeSelect } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf } from '@/app/api/api';
import { client } from '@/app/api/client';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { useFormDialog } from '@/app/components/use-form-submit';
import { DEFAULT_TIME_ZONE, PUBLIC_URL_MAX_LENGTH } from '@/domain/venue-rules';
import { timeZoneGroups } from '../lib/time-zones';

type Company = components['schemas']['Company'];

/** The contract's CompanyCreateRequest.name maxLength. */
const NAME_MAX_LENGTH = 100;

interface CompanyDialogProps {
  open: boolean;
  /** The company to edit; null = a new company. */
  company: Company | null;
  onClose: () => void;
  /** After the server accepted it: the company's id and name as sent. */
  onSaved: (saved: { id: number; name: string }) => void;
}

export function CompanyDialog({ open, company, onClose, onSaved }: CompanyDialogProps) {
  const { t } = useTranslation('company');
  const [name, setName] = useState('');
  const [publicUrl, setPublicUrl] = useState('');
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  const groups = useMemo(() => (open ? timeZoneGroups() : []), [open]);
  // A zone the server stored that this browser does not list stays choosable.
  const listed = groups.some((group) => group.zones.some((zone) => zone.value === timeZone));

  const form = useFormDialog({
    open,
    record: company,
    reset: () => {
      setName(company?.name ?? '');
      setPublicUrl(company?.public_url ?? '');
      setTimeZone(company?.time_zone ?? DEFAULT_TIME_ZONE);
    },
    submit: async () => {
      // Sent as typed: the server trims them and says why one is refused; an empty public URL is none.
      const saved = name.trim();
      const venue = { public_url: publicUrl.trim() === '' ? null : publicUrl, time_zone: timeZone };
      if (company) {
        await dataOf(client.POST('/company/update', { body: { id: company.id, name, ...venue } }));
        onSaved({ id: company.id, name: saved });
      } else {
        const { id } = await dataOf(client.POST('/company/create', { body: { name, ...venue } }));
        onSaved({ id, name: saved });
      }
    },
  });
  // A field this dialog does not show (none expected) is told under the name.
  const nameMessages = [...form.messagesOf('name'), ...form.othersThan(['name', 'public_url', 'time_zone'])];

  return (
    <FormDialog open={open} onClose={onClose} title={company ? t('editTitle') : t('createTitle')} testId="company-dialog" form={form}>
      <FormField label={t('name')} required messages={nameMessages} helper={t('nameHint')}>
        <Input
          name="name"
          size="sm"
          value={name}
          maxLength={NAME_MAX_LENGTH}
          placeholder={t('namePlaceholder')}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            form.clear('name');
          }}
        />
      </FormField>
      <FormField label={t('publicUrl')} messages={form.messagesOf('public_url')} helper={t('publicUrlHint')} testId="company-public-url">
        <Input
          name="public_url"
          type="url"
          inputMode="url"
          size="sm"
          value={publicUrl}
          maxLength={PUBLIC_URL_MAX_LENGTH}
          placeholder="https://quiz.example.com"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setPublicUrl(event.target.value);
            form.clear('public_url');
          }}
        />
      </FormField>
      <FormField label={t('timeZone')} messages={form.messagesOf('time_zone')} helper={t('timeZoneHint')} testId="company-time-zone">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            name="time_zone"
            value={timeZone}
            onChange={(event) => {
              setTimeZone(event.target.value);
              form.clear('time_zone');
            }}
          >
            {!listed && <option value={timeZone}>{timeZone}</option>}
            {groups.map((group) => (
              <optgroup key={group.region} label={group.region}>
                {group.zones.map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
