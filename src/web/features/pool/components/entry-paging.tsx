import { Group, Pagination, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type PageInfo, pageCount } from '../../../../core/contracts/paging';

/** A search of a pool's entries by name, sent to the server (the caller debounces it). */
export function EntrySearch({
  value,
  onChange,
  label = 'Search entries',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <TextInput
      label={label}
      placeholder="Username or entry"
      size="xs"
      leftSection={<IconSearch size={14} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={260}
    />
  );
}

/** The pages of a server-paged list of entries; nothing when they fit on one page. */
export function EntryPagination({
  info,
  onChange,
  label,
}: {
  info: PageInfo;
  onChange: (page: number) => void;
  /** Names the pager for screen readers ("Pool Selections pages"). */
  label: string;
}) {
  const pages = pageCount(info);
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} justify="center" mt="xs">
      <Pagination
        total={pages}
        value={Math.min(info.page, pages)}
        onChange={onChange}
        size="sm"
        siblings={0}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
