import { useState } from 'react';

/**
 * What a NumberInput shows while it is typed into, apart from the number the form holds. Mantine hands an empty
 * field as '' and a half-typed one ("2.", "1.50") as a string; fed back the form's number instead, the field
 * snapped to "0" with the caret before it (typing 10 made 100) or dropped the dot (2.5 made 25). The draft keeps
 * what was typed; the form gets a number (`empty` for a cleared field), and a new value from outside (a reset,
 * a copied pool) replaces the draft.
 */
export function useNumberDraft(value: number, empty: number) {
  const [draft, setDraft] = useState<number | string>(value);
  const [held, setHeld] = useState(value);
  if (value !== held) {
    setHeld(value);
    setDraft(value);
  }
  return {
    draft,
    /** Keeps what was typed and gives the number it stands for (`empty` when cleared, NaN when not a number). */
    edit(typed: number | string): number {
      setDraft(typed);
      const number = typed === '' ? empty : Number(typed);
      if (Number.isFinite(number)) setHeld(number);
      return number;
    },
    /** On leaving the field: a cleared one shows the number it stands for. */
    settle() {
      if (draft === '') setDraft(held);
    },
  };
}
