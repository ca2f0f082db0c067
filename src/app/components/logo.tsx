/**
 * The product mark: a speech bubble with a question mark (live Q&A) on the theme colour.
 * The same drawing as public/favicon.svg.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

export function Logo(props: HTMLChakraProps<'svg'>) {
  return (
    <chakra.svg viewBox="0 0 32 32" boxSize="8" flexShrink={0} aria-hidden="true" {...props}>
      <rect width="32" height="32" rx="8" fill="var(--chakra-colors-brand-500)" />
      <path
        d="M9 8.5h14a2.5 2.5 0 0 1 2.5 2.5v8.5a2.5 2.5 0 0 1-2.5 2.5h-6l-4.5 3.8V22H9a2.5 2.5 0 0 1-2.5-2.5V11A2.5 2.5 0 0 1 9 8.5z"
        fill="white"
      />
      <path
        d="M13.7 13.2a2.4 2.4 0 1 1 3.4 2.2c-.7.35-1.1.9-1.1 1.6v.3"
        fill="none"
        stroke="var(--chakra-colors-brand-500)"
        strokeWidth="1.9"
        strokeLinecap="round"
      />
      <circle cx="16" cy="19.5" r="1.1" fill="var(--chakra-colors-brand-500)" />
    </chakra.svg>
  );
}
