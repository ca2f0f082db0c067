/**
 * A page whose feature is not built yet: it says so plainly (visibly unfinished, never a fake screen).
 * Each placeholder is replaced by its feature's real page.
 */
import { Badge, Card, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function UnfinishedPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" maxW="lg" m="6">
      <Card.Body gap="2">
        <Badge colorPalette="orange" alignSelf="start">
          {t('unfinished.badge')}
        </Badge>
        <Heading size="md">{title}</Heading>
        <Text color="fg.muted">{t('unfinished.body')}</Text>
      </Card.Body>
    </Card.Root>
  );
}
