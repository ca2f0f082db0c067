/**
 * The footer of a dialog around one form: Cancel, and Save, which submits the form by its id (so
 * Enter in a field and the button do the same). A read-only dialog offers Close alone.
 */
import { Button, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface FormDialogFooterProps {
  /** The id of the form Save submits. */
  form: string;
  saving: boolean;
  onCancel: () => void;
  readOnly?: boolean;
  /** Save is not offered yet (the form is still loading). */
  disabled?: boolean;
}

export function FormDialogFooter({ form, saving, onCancel, readOnly = false, disabled = false }: FormDialogFooterProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer py="3" borderTopWidth="1px">
      <Button size="sm" variant="outline" onClick={onCancel}>
        {readOnly ? t('common.close') : t('common.cancel')}
      </Button>
      {!readOnly && (
        <Button size="sm" colorPalette="brand" type="submit" form={form} loading={saving} disabled={disabled}>
          {t('common.save')}
        </Button>
      )}
    </Dialog.Footer>
  );
}
