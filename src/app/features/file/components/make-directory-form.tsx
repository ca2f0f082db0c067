/**
 * Make a directory inside the one the table shows. The name is checked as it is typed with the shared
 * rules (src/domain/file-names.ts: 1 to 60 characters, no emoticons, no leading or repeated `/`, and
 * the whole path within 1023 bytes), in the same words the server uses; the server's own 422 (a name
 * already taken, a parent deleted meanwhile) appears under the field too. `2024/q1` makes both levels.
 */
import { Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/form-field';
import { useFormDialog } from '@/app/components/use-form-submit';
import { savedMessage } from '@/app/lib/feedback';
import { joinFilePath } from '@/domain/file-names';
import { fileApi } from '../api/files';
import { useDomainText } from '../lib/domain-text';

export interface MakeDirectoryDialogProps {
  open: boolean;
  /** The parent directory (`''` = the root). */
  directory: string;
  onClose: () => void;
  /** The directory `path` was made. */
  onMade: (path: string) => void;
}

export function MakeDirectoryForm({ open, directory, onClose, onMade }: MakeDirectoryDialogProps) {
  const { t } = useTranslation('file');
  const domain = useDomainText();
  const [name, setName] = useState('');
  // Rules are shown once the user has typed (an empty dialog does not open in red), or on Save.
  const [touched, setTouched] = useState(false);
  const check = joinFilePath(directory, name, 'directory');
  const form = useFormDialog({
    open,
    record: null,
    reset: () => {
      setName('');
      setTouched(false);
    },
    submit: async () => {
      setTouched(true);
      if (!check.ok) return;
      const made = await fileApi.makeDirectory(directory, name);
      savedMessage(t('makeDirectory.created', { name: name.normalize('NFC') }));
      onMade(made.path);
    },
  });

  const ruleMessage = touched && !check.ok ? domain(check.key, check.params) : null;
  const messages = [...(ruleMessage ? [ruleMessage] : []), ...form.messagesOf('name'), ...form.messagesOf('directory')];

  return (
    <FormDialog open={open} onClose={onClose} title={t('makeDirectory.title')} testId="make-directory-dialog" form={form} gap="3">
      <Text textStyle="xs" color="fg.muted" wordBreak="break-word">
        {t('makeDirectory.where', { path: directory === '' ? t('root') : directory })}
      </Text>
      <FormField label={t('makeDirectory.name')} required messages={messages} helper={t('makeDirectory.hint')}>
        <Input
          size="sm"
          name="name"
          autoComplete="off"
          value={name}
          placeholder={t('makeDirectory.placeholder')}
          onChange={(event) => {
            setName(event.target.value);
            setTouched(true);
            form.clear();
          }}
        />
      </FormField>
    </FormDialog>
  );
}
