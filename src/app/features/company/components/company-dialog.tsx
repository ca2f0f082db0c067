/**
 * Create a company, or edit one: its name, the public URL its audience joins at (the base of the
 * join link and the display's QR code; empty = the server's PUBLIC_URL) and the time zone of its
 * exports. The server decides what is valid (a name not empty once trimmed, at most 100 characters,
 * no other company's name in any case; an http(s) address; a time zone it knows) and its 422 messages
 * appear under each field; the inputs only stop typing past their length.
 */
import { Dialog, Input, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import type { components } from '@openapi/admin-api';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, isApiError } from '@/app/api/api';
import { client } from '@/app/api/client';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { FormField } from '@/app/components/form-field';
import { DEFAULT_TIME_ZONE, PUBLIC_URL_MAX_LENGTH } from '@/domain/venue-rules';
import { timeZoneGroups } from '../lib/time-zones';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';

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

type Field = 'name' | 'public_url' | 'time_zone';

export function CompanyDialog({ open, company, onClose, onSaved }: CompanyDialogProps) {
  const { t } = useTranslation('company');
  const [name, setName] = useState('');
  const [publicUrl, setPublicUrl] = useState('');
  const [timeZone, setTimeZone] = useState(DEFAULT_TIME_ZONE);
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [saving, setSaving] = useState(false);
  const groups = useMemo(() => (open ? timeZoneGroups() : []), [open]);
  // A zone the server stored that this browser does not list stays choosable.
  const listed = groups.some((group) => group.zones.some((zone) => zone.value === timeZone));

  useResetOnOpen(open, company, () => {
    setName(company?.name ?? '');
    setPublicUrl(company?.public_url ?? '');
    setTimeZone(company?.time_zone ?? DEFAULT_TIME_ZONE);
    setErrors({});
  });

  const clear = (field: Field) => setErrors(({ [field]: _, ...rest }) => rest);

  async function save() {
    setSaving(true);
    // Sent as typed: the server trims them and says why one is refused; an empty public URL is none.
    const saved = name.trim();
    const venue = { public_url: publicUrl.trim() === '' ? null : publicUrl, time_zone: timeZone };
    try {
      if (company) {
        await dataOf(client.POST('/company/update', { body: { id: company.id, name, ...venue } }));
        onSaved({ id: company.id, name: saved });
      } else {
        const { id } = await dataOf(client.POST('/company/create', { body: { name, ...venue } }));
        onSaved({ id, name: saved });
      }
    } catch (error) {
      if (isApiError(error, 'validation')) {
        const { name: nameErrors, public_url, time_zone, ...others } = error.fields;
        // A field this dialog does not show (none expected) is told under the name.
        setErrors({ name: [...(nameErrors ?? []), ...Object.values(others).flat()], public_url, time_zone });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && onClose()} placement="center" size="md" initialFocusEl={() => document.getElementById('company-name')}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="company-dialog" maxW={{ base: 'calc(100vw - 1.5rem)', sm: 'md' }}>
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{company ? t('editTitle') : t('createTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('cancel')} />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <form
                id="company-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void save();
                }}
              >
                <Stack gap="4">
                  <FormField label={t('name')} required messages={errors.name?.length ? errors.name : undefined} helper={t('nameHint')}>
                    <Input
                      id="company-name"
                      name="name"
                      size="sm"
                      value={name}
                      maxLength={NAME_MAX_LENGTH}
                      placeholder={t('namePlaceholder')}
                      autoComplete="off"
                      onChange={(event) => {
                        setName(event.target.value);
                        clear('name');
                      }}
                    />
                  </FormField>
                  <FormField label={t('publicUrl')} messages={errors.public_url} helper={t('publicUrlHint')} testId="company-public-url">
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
                        clear('public_url');
                      }}
                    />
                  </FormField>
                  <FormField label={t('timeZone')} messages={errors.time_zone} helper={t('timeZoneHint')} testId="company-time-zone">
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        name="time_zone"
                        value={timeZone}
                        onChange={(event) => {
                          setTimeZone(event.target.value);
                          clear('time_zone');
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
                </Stack>
              </form>
            </Dialog.Body>
            <FormDialogFooter form="company-form" saving={saving} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
