/**
 * One search field with Search and Reset buttons above a list: the text applies on Search (or Enter),
 * not while typing; Reset empties it and applies the empty text. What is searched (a title, a name)
 * is the caller's, said by `label`.
 */
import { Button, HStack, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuRotateCcw, LuSearch } from 'react-icons/lu';

interface SearchBoxProps {
  /** The field's accessible name and placeholder. */
  label: string;
  onSearch: (text: string) => void;
  name?: string;
  maxLength?: number;
}

export function SearchBox({ label, onSearch, name, maxLength }: SearchBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <HStack
      as="form"
      gap="2"
      wrap="wrap"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <InputGroup startElement={<LuSearch />} w={{ base: 'full', sm: '60' }}>
        <Input size="sm" name={name} value={text} maxLength={maxLength} aria-label={label} placeholder={label} onChange={(e) => setText(e.target.value)} />
      </InputGroup>
      <Button size="sm" colorPalette="brand" type="submit">
        <LuSearch />
        {t('common.search')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setText('');
          onSearch('');
        }}
      >
        <LuRotateCcw />
        {t('common.reset')}
      </Button>
    </HStack>
  );
}
