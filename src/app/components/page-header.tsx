/**
 * A list screen's heading: the h1 and a line saying what the screen is for, with the screen's main
 * actions (create, import) at its right, or under it on a phone.
 */
import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HeadingBlock } from './heading-block';

interface PageHeaderProps {
  title: ReactNode;
  subtitle: ReactNode;
  /** The actions; none leaves the heading alone. */
  children?: ReactNode;
}

export function PageHeader({ title, subtitle, children }: PageHeaderProps) {
  const heading = <HeadingBlock as="h1" title={title} lead={subtitle} gap="1" />;
  if (children === undefined) return heading;
  return (
    <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
      {heading}
      {children}
    </Flex>
  );
}
