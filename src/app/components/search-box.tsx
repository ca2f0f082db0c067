/**
 * One search field with Search and Reset buttons above a list (the filter bar with its text alone):
 * the text applies on Search (or Enter), not while typing; Reset empties it and applies the empty
 * text. What is searched (a title, a name) is the caller's, said by `label`.
 */
import { FilterBar } from '@/app/components/data-table/filter-bar';

interface SearchBoxProps {
  /** The field's accessible name and placeholder. */
  label: string;
  onSearch: (text: string) => void;
  name?: string;
  maxLength?: number;
}

const NO_TEXT = { text: '' };

export function SearchBox({ label, onSearch, name, maxLength }: SearchBoxProps) {
  return <FilterBar value={NO_TEXT} empty={NO_TEXT} textKey="text" label={label} name={name} maxLength={maxLength} onChange={({ text }) => onSearch(text)} />;
}
