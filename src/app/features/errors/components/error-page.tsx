/**
 * The shared frame of the error pages: a centred card with an illustration, the big code, a headline,
 * the message and a muted hint, then the actions. Texts arrive already translated.
 */
import { Box, Card, Center, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/app/components/logo';

interface ErrorPageProps {
  /** Shown big, e.g. "404"; omitted for unexpected errors. */
  code?: string;
  headline: string;
  message: string;
  hint?: string;
  illustration: ReactNode;
  actions: ReactNode;
  /** Inside the app layout (which already shows the product and owns `<main>`): no page frame. */
  embedded?: boolean;
}

export function ErrorPage({ code, headline, message, hint, illustration, actions, embedded = false }: ErrorPageProps) {
  const { t } = useTranslation();
  const frame = embedded
    ? ({ as: 'section', py: { base: 4, md: 10 } } as const)
    : ({ as: 'main', minH: '100dvh', py: '10', bgGradient: 'to-b', gradientFrom: 'brand.50', gradientTo: 'bg.subtle' } as const);
  return (
    <Center px={{ base: embedded ? 0 : 4, md: 8 }} {...frame}>
      <Stack gap="6" w="full" maxW="3xl" align="center">
        {!embedded && (
          <HStack gap="2" color="fg.muted">
            <Logo boxSize="6" />
            <Text textStyle="sm" fontWeight="medium">
              {t('app.title')}
            </Text>
          </HStack>
        )}
        <Card.Root w="full" size="sm" variant="elevated" borderRadius="xl" overflow="hidden">
          <Card.Body p={{ base: 6, md: 10 }}>
            <Flex direction={{ base: 'column', md: 'row' }} align="center" gap={{ base: 6, md: 10 }}>
              <Box w={{ base: '200px', md: '260px' }} flexShrink={0}>
                {illustration}
              </Box>
              <Stack gap="3" align={{ base: 'center', md: 'flex-start' }} textAlign={{ base: 'center', md: 'start' }}>
                {code && (
                  <Text
                    fontSize={{ base: '5xl', md: '6xl' }}
                    fontWeight="bold"
                    lineHeight="1"
                    letterSpacing="tight"
                    color="brand.solid"
                  >
                    {code}
                  </Text>
                )}
                <Heading as="h1" size="xl">
                  {headline}
                </Heading>
                <Text fontWeight="medium">{message}</Text>
                {hint && (
                  <Text textStyle="sm" color="fg.muted">
                    {hint}
                  </Text>
                )}
                <HStack gap="3" pt="3" wrap="wrap" justify={{ base: 'center', md: 'flex-start' }}>
                  {actions}
                </HStack>
              </Stack>
            </Flex>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
