import { Group, Pagination, Text } from '@mantine/core';
import { type PageInfo, pageCount } from '../../core/contracts/paging';

/**
 * The pager of every list paged on the server: nothing until there is an answer with more than one page
 * (small pools and leagues look as they did), otherwise the numbered pages in a navigation named `label`.
 * `range` adds "51–100 of 120" beside them; `siblings={0}` keeps it to one line on a phone.
 */
export function ListPager({
  info,
  onChange,
  label,
  range = false,
  siblings = 1,
}: {
  info: PageInfo | undefined;
  onChange: (page: number) => void;
  /** Names the pages for screen readers ("Pages of entrants", "Scoreboard pages"). */
  label: string;
  range?: boolean;
  siblings?: number;
}) {
  if (!info) return null;
  const pages = pageCount(info);
  if (pages <= 1) return null;
  return (
    <Group
      component="nav"
      aria-label={label}
      justify={range ? 'space-between' : 'center'}
      gap="sm"
      wrap="wrap"
      mt="xs"
    >
      {range && <PageRange info={info} />}
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

/** "51–100 of 120", or "120 in all" on a page past the last. */
function PageRange({ info }: { info: PageInfo }) {
  const first = (info.page - 1) * info.pageSize + 1;
  const last = Math.min(info.total, info.page * info.pageSize);
  const count = (n: number) => n.toLocaleString('en-US');
  return (
    <Text size="sm" c="dark.4" role="status">
      {first > info.total
        ? `${count(info.total)} in all`
        : `${count(first)}–${count(last)} of ${count(info.total)}`}
    </Text>
  );
}
