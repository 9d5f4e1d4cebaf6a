import { Group, Pagination, Text } from '@mantine/core';
import { type PageInfo, pageCount } from '../../../../../core/contracts/paging';

/**
 * The pager under a Commish tool's list: nothing while the list fits one page (small pools look as they
 * did), otherwise the pages with "n of total" beside them. `label` names the list for screen readers.
 */
export function ListPager({
  info,
  onPage,
  label,
}: {
  info: PageInfo | undefined;
  onPage: (page: number) => void;
  label: string;
}) {
  if (!info) return null;
  const pages = pageCount(info);
  if (pages <= 1) return null;
  const first = (info.page - 1) * info.pageSize + 1;
  const last = Math.min(info.total, info.page * info.pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="xs">
      <Text size="sm" c="dark.4" role="status">
        {first > info.total
          ? `${info.total.toLocaleString('en-US')} in all`
          : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${info.total.toLocaleString('en-US')}`}
      </Text>
      <Pagination
        size="sm"
        total={pages}
        value={Math.min(info.page, pages)}
        onChange={onPage}
        siblings={1}
        aria-label={`Pages of ${label}`}
        getControlProps={(control) => ({
          'aria-label': control === 'next' ? 'Next page' : control === 'previous' ? 'Previous page' : control,
        })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
