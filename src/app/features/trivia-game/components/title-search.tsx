/** Search by title with a reset button; the filter applies on Search (or Enter), not while typing. */
import { Button, HStack, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRotateCcw, LuSearch } from 'react-icons/lu';

export function TitleSearch({ onSearch }: { onSearch: (title: string) => void }) {
  const { t } = useTranslation('trivia');
  const [title, setTitle] = useState('');
  return (
    <HStack
      as="form"
      gap="2"
      wrap="wrap"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(title.trim());
      }}
    >
      <InputGroup startElement={<LuSearch />} w={{ base: 'full', sm: '60' }}>
        <Input size="sm" value={title} aria-label={t('common.searchTitle')} placeholder={t('common.searchTitle')} onChange={(e) => setTitle(e.target.value)} />
      </InputGroup>
      <Button size="sm" colorPalette="brand" type="submit">
        <LuSearch />
        {t('common.search')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setTitle('');
          onSearch('');
        }}
      >
        <LuRotateCcw />
        {t('common.reset')}
      </Button>
    </HStack>
  );
}
