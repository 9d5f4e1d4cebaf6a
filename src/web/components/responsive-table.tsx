import {
  Box,
  Card,
  Group,
  Stack,
  type StackProps,
  Table,
  type TableProps,
  type TableScrollContainerProps,
  type TableTdProps,
  type TableThProps,
  type TableTrProps,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { Fragment, type Key, type ReactNode } from 'react';
import { useFirstRenderMediaQuery } from '../lib/first-render';

/** One column of the desk's table. */
export interface ResponsiveColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Props of the header cell (its alignment, wrapping). */
  th?: TableThProps;
  /** Props of each of its cells, the same for every row or a row's own. */
  td?: TableTdProps | ((row: Row) => TableTdProps);
}

export interface ResponsiveTableProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** The desk's columns; `false` leaves one out (a column only some views show). */
  columns: readonly (ResponsiveColumn<Row> | false)[];
  /** A phone's card of one row; without it a card lists the first column's cell and the others by header. */
  card?: (row: Row, index: number) => ReactNode;
  /** Drawn instead of the table or the cards when there is no row. */
  empty?: ReactNode;
  /** Past this width the table scrolls sideways. */
  minWidth: number;
  /** The scroll container's props: its label, focus, scrolling type. */
  scroll?: Omit<TableScrollContainerProps, 'minWidth' | 'children'>;
  table?: TableProps;
  /** A row's own props (its highlight). */
  rowProps?: (row: Row) => TableTrProps;
  /** The table's footer rows (its totals). */
  foot?: ReactNode;
  /** The props of the stack of cards: its gap, element (a list) and label. */
  cards?: StackProps & { component?: 'ul' };
  /** Drawn in the stack before the first card and after the last (a heading line, the totals). */
  cardsHead?: ReactNode;
  cardsFoot?: ReactNode;
}

/**
 * Whether the desk's table is drawn rather than the phone's cards: from the theme's small breakpoint up,
 * as Mantine's `visibleFrom="sm"`. A server-rendered page starts from the server's guess of the device.
 */
export function useTableView(): boolean {
  const theme = useMantineTheme();
  return useFirstRenderMediaQuery(`(min-width: ${theme.breakpoints.sm})`, false);
}

/**
 * Rows as a table on a desk and as a stack of cards on a phone. Only one of the two is rendered (and
 * hydrated): drawing both and hiding one by CSS doubled a phone's work on the big lists.
 */
export function ResponsiveTable<Row>(props: ResponsiveTableProps<Row>) {
  const asTable = useTableView();
  if (props.rows.length === 0 && props.empty !== undefined) return <>{props.empty}</>;
  return asTable ? <DeskTable {...props} /> : <PhoneCards {...props} />;
}

function shownColumns<Row>(columns: ResponsiveTableProps<Row>['columns']): ResponsiveColumn<Row>[] {
  return columns.filter((column): column is ResponsiveColumn<Row> => column !== false);
}

function DeskTable<Row>({
  rows,
  rowKey,
  columns,
  minWidth,
  scroll,
  table,
  rowProps,
  foot,
}: ResponsiveTableProps<Row>) {
  const shown = shownColumns(columns);
  return (
    <Table.ScrollContainer minWidth={minWidth} {...scroll}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => (
              <Table.Th key={column.key} {...column.th}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((column) => (
                <Table.Td
                  key={column.key}
                  {...(typeof column.td === 'function' ? column.td(row) : column.td)}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {foot && <Table.Tfoot>{foot}</Table.Tfoot>}
      </Table>
    </Table.ScrollContainer>
  );
}

function PhoneCards<Row>({
  rows,
  rowKey,
  columns,
  card,
  cards,
  cardsHead,
  cardsFoot,
}: ResponsiveTableProps<Row>) {
  const shown = shownColumns(columns);
  const drawCard = card ?? ((row: Row) => <DefaultCard row={row} columns={shown} />);
  return (
    <Stack gap="xs" {...cards}>
      {cardsHead}
      {rows.map((row, index) => (
        <Fragment key={rowKey(row)}>{drawCard(row, index)}</Fragment>
      ))}
      {cardsFoot}
    </Stack>
  );
}

/** The first column's cell as the card's title, then every other column by its header. */
function DefaultCard<Row>({ row, columns }: { row: Row; columns: ResponsiveColumn<Row>[] }) {
  const [title, ...rest] = columns;
  return (
    <Card withBorder padding="sm">
      {title && <Box fw={700}>{title.cell(row)}</Box>}
      {rest.map((column) => (
        <Group key={column.key} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" fw={700} c="dark.4" w={96} style={{ flexShrink: 0 }}>
            {column.header}
          </Text>
          <Box fz="sm">{column.cell(row)}</Box>
        </Group>
      ))}
    </Card>
  );
}
