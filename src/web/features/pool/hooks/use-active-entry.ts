import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { MyEntry } from '../../../../core/contracts/pools';

const storageKey = (poolId: number) => `ala.activeEntry.${poolId}`;

function readStored(poolId: number): number | null {
  try {
    const value = Number(window.localStorage.getItem(storageKey(poolId)));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    // Storage can be off (private mode, blocked cookies): the first entry is then active.
    return null;
  }
}

// Another tab's choice is not followed (as before): the store never announces a change.
const noSubscription = () => () => {};
const noStoredEntry = () => null;

/**
 * The viewer's active entry in one pool, remembered on this device: the one a link names (`linked`, the
 * picks due's ?entry=) while it is one of the viewer's entries, else the stored one, else the first.
 */
export function useActiveEntry(
  poolId: number,
  entries: MyEntry[],
  linked: number | null = null,
): { activeEntry: MyEntry | null; setActiveEntry: (entryId: number) => void } {
  // The stored choice; none while the browser hydrates server HTML (the server has no storage), read right after.
  const stored = useSyncExternalStore(noSubscription, () => readStored(poolId), noStoredEntry);
  const [chosen, setChosen] = useState<{ poolId: number; entryId: number | null } | null>(null);
  const entryId = chosen?.poolId === poolId ? chosen.entryId : stored;
  const linkedEntry = linked === null ? undefined : entries.find((entry) => entry.id === linked);
  const activeEntry = linkedEntry ?? entries.find((entry) => entry.id === entryId) ?? entries[0] ?? null;
  const setActiveEntry = useCallback(
    (id: number) => {
      setChosen({ poolId, entryId: id });
      try {
        window.localStorage.setItem(storageKey(poolId), String(id));
      } catch {
        // Not remembered then; the choice still holds for this visit.
      }
    },
    [poolId],
  );
  // A linked entry becomes the remembered choice, as if chosen in the Active Entry select.
  const linkedId = linkedEntry?.id;
  useEffect(() => {
    if (linkedId !== undefined) setActiveEntry(linkedId);
  }, [linkedId, setActiveEntry]);
  return { activeEntry, setActiveEntry };
}
