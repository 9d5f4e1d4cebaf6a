import { Select } from '@mantine/core';
import type { MyEntry } from '../../../../core/contracts/pools';

/** Chooses the entry the tabs act for; shown only when the viewer has more than one entry. */
export function ActiveEntrySelect({
  entries,
  activeEntry,
  onChange,
}: {
  entries: MyEntry[];
  activeEntry: MyEntry | null;
  onChange: (entryId: number) => void;
}) {
  if (entries.length < 2) return null;
  return (
    <Select
      label="Active Entry"
      data={entries.map((entry) => ({ value: String(entry.id), label: entry.label }))}
      value={activeEntry ? String(activeEntry.id) : null}
      onChange={(value) => value && onChange(Number(value))}
      allowDeselect={false}
      w={{ base: '100%', xs: 240 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
