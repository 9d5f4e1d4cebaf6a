import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

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
