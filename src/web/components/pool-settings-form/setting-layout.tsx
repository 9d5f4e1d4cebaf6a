import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { createContext, type ReactNode, useContext, useId } from 'react';

/**
 * How the pool settings are laid out: Create a Pool's labelled fields in a grid, or Pool Settings' table of
 * settings with a note each (spec 2), stacked as cards on a phone.
 */
export type SettingsLayout = 'fields' | 'table';

const LayoutContext = createContext<{ layout: SettingsLayout; phone: boolean }>({
  layout: 'fields',
  phone: false,
});

export function SettingsLayoutProvider({
  layout,
  phone,
  children,
}: {
  layout: SettingsLayout;
  phone: boolean;
  children: ReactNode;
}) {
  return <LayoutContext.Provider value={{ layout, phone }}>{children}</LayoutContext.Provider>;
}

export const useSettingsLayout = () => useContext(LayoutContext);

/** What names an input: its own label and description, or (in the table, where the row shows both) a name. */
export type NamingProps = { label: string; description?: ReactNode } | { 'aria-label': string };

/**
 * One setting: in the table a row (or a phone card) of its name, its input and its note; among the fields the
 * input alone, named and described by its own label. `children` draws the input with the naming it is given.
 */
export function Setting({
  label,
  note,
  below,
  children,
}: {
  label: string;
  note?: ReactNode;
  /** Shown under the input (Pool Settings' retroactive buy-in box). */
  below?: ReactNode;
  children: (naming: NamingProps) => ReactNode;
}) {
  const { layout, phone } = useSettingsLayout();
  if (layout === 'fields') {
    const input = children({ label, description: note });
    return below ? (
      <Stack gap={6}>
        {input}
        {below}
      </Stack>
    ) : (
      input
    );
  }
  const input = (
    <Stack gap={6}>
      {children({ 'aria-label': label })}
      {below}
    </Stack>
  );
  if (phone) {
    return (
      <Paper withBorder p="sm" radius="md" component="li">
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {label}
          </Text>
          {input}
          {note && (
            <Text size="xs" c="dark.4">
              {note}
            </Text>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Table.Tr>
      <Table.Th scope="row" w="24%" style={{ verticalAlign: 'top', paddingTop: 14 }}>
        {label}
      </Table.Th>
      <Table.Td w="36%">{input}</Table.Td>
      <Table.Td>
        <Text size="xs" c="dark.4">
          {note}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** A group of settings: a titled table (cards on a phone), or an untitled two-column grid of fields. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const { layout, phone } = useSettingsLayout();
  const id = useId();
  if (layout === 'fields') return <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>;
  return (
    <Stack gap="xs">
      <Title order={4} id={id}>
        {title}
      </Title>
      {phone ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
          {children}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder verticalSpacing="xs" aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Setting</Table.Th>
                <Table.Th>Value</Table.Th>
                <Table.Th>Note</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
