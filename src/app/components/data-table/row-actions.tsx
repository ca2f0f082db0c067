/**
 * The edit and delete buttons at the end of a table row, named after the row ("Edit Quiz night") so a
 * screen reader and a test can tell the rows' buttons apart. A button the user may not use on this
 * row stays on screen greyed out, its title saying why. A row's own actions go before them.
 */
import { HStack, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

interface RowActionsProps {
  /** The row's name, said after the action. */
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Why editing (or deleting) this row is refused; the button is then disabled. */
  editRefusal?: string | null;
  deleteRefusal?: string | null;
  /** The row's other actions, before edit and delete. */
  children?: ReactNode;
}

export function RowActions({ label, onEdit, onDelete, editRefusal, deleteRefusal, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="0.5" justify="flex-end">
      {children}
      {onEdit && (
        <IconButton size="xs" variant="ghost" aria-label={`${t('table.edit')} ${label}`} title={editRefusal ?? t('table.edit')} disabled={!!editRefusal} onClick={onEdit}>
          <LuPencil />
        </IconButton>
      )}
      {onDelete && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={`${t('table.delete')} ${label}`}
          title={deleteRefusal ?? t('table.delete')}
          disabled={!!deleteRefusal}
          onClick={onDelete}
        >
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );
}
