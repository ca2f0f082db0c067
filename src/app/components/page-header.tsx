/**
 * A list screen's heading: the h1 and a line saying what the screen is for, with the screen's main
 * actions (create, import) at its right, or under it on a phone.
 */
import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  subtitle: ReactNode;
  /** The actions; none leaves the heading alone. */
  children?: ReactNode;
}

export function PageHeader({ title, subtitle, children }: PageHeaderProps) {
  const heading = (
    <Stack gap="1">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      <Text textStyle="sm" color="fg.muted">
        {subtitle}
      </Text>
    </Stack>
  );
  if (children === undefined) return heading;
  return (
    <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
      {heading}
      {children}
    </Flex>
  );
}
