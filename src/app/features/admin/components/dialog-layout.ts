/**
 * The admin dialogs fill a phone's screen and are a wide centred box from the md breakpoint. Chakra's
 * `size={{ base: 'full', md: 'xl' }}` alone keeps the full size's minimum height, lost margin and square
 * corners on a desktop too (the xl size does not reset them), so the content resets them itself.
 */
export const dialogSize = { base: 'full', md: 'xl' } as const;

export const dialogContentLayout = {
  minH: { base: '100dvh', md: 'auto' },
  maxH: { base: '100dvh', md: 'calc(100% - 7.5rem)' },
  my: { base: '0', md: 'var(--dialog-base-margin)' },
  rounded: { base: 'none', md: 'l3' },
} as const;
