/**
 * The directory tree in a drawer from the start edge, for screens below the lg breakpoint where the
 * tree has no room beside the table. Loaded by ./tree-drawer.tsx the first time it opens.
 */
import { Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '@/app/components/close-button';

export interface TreeDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The tree. */
  children: ReactNode;
}

export function TreeDrawerPanel({ open, onClose, children }: TreeDrawerProps) {
  const { t } = useTranslation('file');
  return (
    <Drawer.Root open={open} onOpenChange={({ open: isOpen }) => !isOpen && onClose()} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="tree-drawer">
            <Drawer.Header py="3">
              <Drawer.Title textStyle="md">{t('toolbar.directories')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
            <Drawer.Body px="2">{children}</Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
