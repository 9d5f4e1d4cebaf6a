import { Group, Pagination } from '@mantine/core';
import type { ReactNode } from 'react';
import { type PageInfo, pageCount } from '../../core/contracts/paging';

/**
 * The pager of every list paged on the server: nothing until there is an answer with more than one page
 * (small pools and leagues look as they did), otherwise the numbered pages in a navigation named `label`.
 * `aside` is shown before them (a Commish tool's "51–100 of 120"); `siblings={0}` keeps it to one line on
 * a phone.
 */
export function ListPager({
  info,
  onChange,
  label,
  aside,
  siblings = 1,
}: {
  info: PageInfo | undefined;
  onChange: (page: number) => void;
  /** Names the pages for screen readers ("Pages of entrants", "Scoreboard pages"). */
  label: string;
  aside?: ReactNode;
  siblings?: number;
}) {
  if (!info) return null;
  const pages = pageCount(info);
  if (pages <= 1) return null;
  return (
    <Group
      component="nav"
      aria-label={label}
      justify={aside ? 'space-between' : 'center'}
      gap="sm"
      wrap="wrap"
      mt="xs"
    >
      {aside}
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(info.page, pages)}
        onChange={onChange}
        siblings={siblings}
        boundaries={1}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
