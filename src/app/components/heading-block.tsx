/**
 * A title and the muted line under it that says what the page, card or group is for: a page's h1, a
 * card's h2, or the bold title of a group inside a form or a dialog (no heading, so a dialog keeps one
 * heading, its own). `aside` stands at the end of the title's line (a badge); what follows the lead
 * line (a caption) is the children. ./page-header.tsx puts a page's block beside its actions.
 */
import { Heading, type HeadingProps, HStack, Stack, type StackProps, Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface HeadingBlockProps extends Omit<StackProps, 'title'> {
  title: ReactNode;
  lead: ReactNode;
  /** The heading's level; none: bold text, not a heading. */
  as?: 'h1' | 'h2';
  /** The heading's size (a page's lg, a card's md or sm). */
  size?: HeadingProps['size'];
  /** The lead line's size: sm under a page's heading, xs under a smaller title. */
  leadSize?: 'sm' | 'xs';
  titleProps?: TextProps;
  leadProps?: TextProps;
  aside?: ReactNode;
}

export function HeadingBlock({ title, lead, as, size = 'lg', leadSize = 'sm', titleProps, leadProps, aside, children, gap = '0.5', ...stack }: HeadingBlockProps) {
  const heading = as ? (
    <Heading as={as} size={size} {...titleProps}>
      {title}
    </Heading>
  ) : (
    <Text textStyle="sm" fontWeight="semibold" {...titleProps}>
      {title}
    </Text>
  );
  return (
    <Stack gap={gap} {...stack}>
      {aside === undefined ? (
        heading
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="2">
          {heading}
          {aside}
        </HStack>
      )}
      <Text textStyle={leadSize} color="fg.muted" {...leadProps}>
        {lead}
      </Text>
      {children}
    </Stack>
  );
}
