import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { ListPage } from '../api/leagues';

/**
 * The page and search of a list paged on the server: the typed search is sent once typing pauses, and a
 * new search starts again at page 1.
 */
export function useListPage(): {
  list: ListPage;
  search: string;
  setSearch: (value: string) => void;
  setPage: (page: number) => void;
} {
  const [search, setSearchValue] = useState('');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(search.trim(), 300);
  return {
    list: { page, q },
    search,
    setSearch: (value) => {
      setSearchValue(value);
      setPage(1);
    },
    setPage,
  };
}

/** The search box of a paged list. */
export function ListSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={360}
    />
  );
}
