import { Group, Pagination, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type PageInfo, pageCount } from '../../../../core/contracts/paging';
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

/** The pager of a paged list; nothing when everything fits on one page. */
export function ListPager({ info, onChange }: { info: PageInfo; onChange: (page: number) => void }) {
  const pages = pageCount(info);
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="sm">
      <Pagination
        total={pages}
        value={Math.min(info.page, pages)}
        onChange={onChange}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
