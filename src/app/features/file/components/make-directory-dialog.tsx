/**
 * Make a directory inside the one the table shows. The name is checked as it is typed with the shared
 * rules (src/domain/file-names.ts: 1 to 60 characters, no emoticons, no leading or repeated `/`, and
 * the whole path within 1023 bytes), in the same words the server uses; the server's own 422 (a name
 * already taken, a parent deleted meanwhile) appears under the field too. `2024/q1` makes both levels.
 */
import { Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, isApiError } from '@/app/api/api';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { FormField } from '@/app/components/form-field';
import { savedMessage } from '@/app/lib/feedback';
import { joinFilePath } from '@/domain/file-names';
import { fileApi } from '../api/files';
import { useDomainText } from '../lib/domain-text';
import { useResetOnOpen } from '@/app/hooks/use-reset-on-open';

interface MakeDirectoryDialogProps {
  open: boolean;
  /** The parent directory (`''` = the root). */
  directory: string;
  onClose: () => void;
  /** The directory `path` was made. */
  onMade: (path: string) => void;
}

export function MakeDirectoryDialog({ open, directory, onClose, onMade }: MakeDirectoryDialogProps) {
  const { t } = useTranslation('file');
  const domain = useDomainText();
  const [name, setName] = useState('');
  // Rules are shown once the user has typed (an empty dialog does not open in red), or on Save.
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useResetOnOpen(open, null, () => {
    setName('');
    setTouched(false);
    setServerErrors({});
  });

  const check = joinFilePath(directory, name, 'directory');
  const ruleMessage = touched && !check.ok ? domain(check.key, check.params) : null;
  const messages = [...(ruleMessage ? [ruleMessage] : []), ...(serverErrors.name ?? []), ...(serverErrors.directory ?? [])];

  async function save() {
    setTouched(true);
    if (!check.ok) return;
    setSaving(true);
    setServerErrors({});
    try {
      const made = await fileApi.makeDirectory(directory, name);
      savedMessage(t('makeDirectory.created', { name: name.normalize('NFC') }));
      onMade(made.path);
    } catch (error) {
      if (isApiError(error, 'validation')) setServerErrors(error.fields);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && onClose()} placement="center" size={{ base: 'xs', sm: 'md' }} initialFocusEl={() => input.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="make-directory-dialog" mx="3">
            <Dialog.Header py="4">
              <Dialog.Title textStyle="lg">{t('makeDirectory.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            <Dialog.Body>
              <form
                id="make-directory-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  void save();
                }}
              >
                <Stack gap="3">
                  <Text textStyle="xs" color="fg.muted" wordBreak="break-word">
                    {t('makeDirectory.where', { path: directory === '' ? t('root') : directory })}
                  </Text>
                  <FormField label={t('makeDirectory.name')} required messages={messages} helper={t('makeDirectory.hint')}>
                    <Input
                      ref={input}
                      size="sm"
                      name="name"
                      autoComplete="off"
                      value={name}
                      placeholder={t('makeDirectory.placeholder')}
                      onChange={(event) => {
                        setName(event.target.value);
                        setTouched(true);
                        setServerErrors({});
                      }}
                    />
                  </FormField>
                </Stack>
              </form>
            </Dialog.Body>
            <FormDialogFooter form="make-directory-form" saving={saving} onCancel={onClose} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
