import { Text } from '@mantine/core';
import type { PageInfo } from '../../../../core/contracts/paging';
import { ListPager } from '../../../components/pager';

/**
 * A Commish tool's pager: the shared list pager with "51–100 of 120" beside it, which the pool's own lists
 * (and their first load) do without.
 */
export function ToolPager({
  info,
  onChange,
  label,
}: {
  info: PageInfo | undefined;
  onChange: (page: number) => void;
  label: string;
}) {
  return (
    <ListPager info={info} onChange={onChange} label={label} aside={info && <PageRange info={info} />} />
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
