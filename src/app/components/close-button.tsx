/**
 * The back office's close button: Chakra's CloseButton, whose built-in accessible name is the English
 * word "Close" whatever the language, named 關閉 / Close in the UI language instead. A caller may name
 * it more precisely (`aria-label`). Use this one, never Chakra's directly (eslint's no-restricted-imports).
 */
import { CloseButton as ChakraCloseButton, type CloseButtonProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function CloseButton(props: CloseButtonProps) {
  const { t } = useTranslation();
  return <ChakraCloseButton aria-label={t('common.close')} {...props} />;
}
