/**
 * Above the game list and the question list: the search by title and, for who may edit, the create
 * button at the other end of the line, after the list's other tools (the question list's import and
 * export), which wrap under the search on a phone.
 */
import { Button, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { SearchBox } from '@/app/components/search-box';

interface TitleSearchBarProps {
  onSearch: (title: string) => void;
  /** The create button's label; with no `onCreate` there is no button. */
  createLabel: string;
  onCreate?: () => void;
  /** Buttons before the create button. */
  tools?: ReactNode;
}

export function TitleSearchBar({ onSearch, createLabel, onCreate, tools }: TitleSearchBarProps) {
  const { t } = useTranslation('trivia');
  return (
    <HStack justify="space-between" wrap="wrap" gap="2">
      <SearchBox label={t('common.searchTitle')} onSearch={onSearch} />
      <HStack gap="2" wrap="wrap">
        {tools}
        {onCreate && (
          <Button size="sm" colorPalette="brand" onClick={onCreate}>
            <LuPlus />
            {createLabel}
          </Button>
        )}
      </HStack>
    </HStack>
  );
}
