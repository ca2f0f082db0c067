/**
 * Create a company, or rename one: its name alone. The server decides what a valid name is (not
 * empty once trimmed, at most 100 characters, no control characters, no other company's name in any
 * case) and its 422 messages appear under the field; the input only stops typing past 100.
 */
import { CloseButton, Dialog, Input, Portal } from '@chakra-ui/react';
import type { components } from '@openapi/admin-api';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '@/app/api/api';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { FormField } from '@/app/components/form-field';

type Company = components['schemas']['Company'];

/** The contract's CompanyCreateRequest.name maxLength. */
const NAME_MAX_LENGTH = 100;

interface CompanyDialogProps {
  open: boolean;
  /** The company to rename; null = a new company. */
  company: Company | null;
  onClose: () => void;
  /** After the server accepted it: the company's id and name as sent. */
  onSaved: (saved: { id: number; name: string }) => void;
}

export function CompanyDialog({ open, company, onClose, onSaved }: CompanyDialogProps) {
  const { t } = useTranslation('company');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(company?.name ?? '');
    setErrors([]);
  }, [open, company]);

  async function save() {
    setSaving(true);
    // Sent as typed: the server trims it and says why a blank one is refused.
    const saved = name.trim();
    try {
      if (company) {
        await api.post('/company/update', { id: company.id, name });
        onSaved({ id: company.id, name: saved });
      } else {
        const { id } = await api.post('/company/create', { name });
        onSaved({ id, name: saved });
      }
    } catch (error) {
      if (isApiError(error, 'validation')) setErrors(Object.values(error.fields).flat());
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && onClose()} placement="center" size="sm" initialFocusEl={() => document.getElementById('company-name')}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="company-dialog" maxW={{ base: 'calc(100vw - 1.5rem)', sm: 'sm' }}>
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{company ? t('renameTitle') : t('createTitle')}</Dialog.Title>
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
                <FormField label={t('name')} required messages={errors} helper={t('nameHint')}>
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
                      setErrors([]);
                    }}
                  />
                </FormField>
              </form>
            </Dialog.Body>
            <FormDialogFooter form="company-form" saving={saving} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
