/**
 * The Caps Lock warning beside the password input, anchored to the element whose id is `anchorId`
 * (Zag finds a tooltip's trigger by its id). Loaded the first time Caps Lock is seen on, so the login
 * page does not carry the tooltip and positioning code (about 13 KB gzipped) for everyone.
 */
import { Portal, Tooltip } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuTriangleAlert } from 'react-icons/lu';

export function CapsLockTooltip({ open, anchorId, contentId }: { open: boolean; anchorId: string; contentId: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip.Root open={open} ids={{ trigger: anchorId, content: contentId }} positioning={{ placement: 'right', gutter: 12 }}>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content
            data-testid="caps-lock-tooltip"
            css={{ '--tooltip-bg': 'colors.orange.solid' }}
            color="orange.contrast"
            px="3"
            py="2"
          >
            <Tooltip.Arrow>
              <Tooltip.ArrowTip />
            </Tooltip.Arrow>
            <LuTriangleAlert aria-hidden style={{ display: 'inline', marginInlineEnd: 6, verticalAlign: '-2px' }} />
            {t('login.capsLockOn')}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
