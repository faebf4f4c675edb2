import { useState } from 'react';

let counter = 0;
const fresh = (count: number) => Array.from({ length: count }, () => ++counter);

/**
 * Keys for a form's list of rows (the hours' ranges, a dish's groups and options), so React keeps each row's
 * controls with its row when one in the middle is removed. Rows that arrive from outside (an item loaded) get new
 * keys; `append` and `remove` give the form the list changed.
 */
export function useRowKeys<T>(rows: readonly T[], set: (rows: T[]) => void) {
  const [keys, setKeys] = useState(() => fresh(rows.length));
  let shown = keys;
  if (keys.length !== rows.length) {
    shown = keys.length < rows.length ? [...keys, ...fresh(rows.length - keys.length)] : keys.slice(0, rows.length);
    setKeys(shown);
  }
  return {
    keys: shown,
    append: (row: T) => set([...rows, row]),
    remove: (index: number) => {
      setKeys(shown.filter((_, at) => at !== index));
      set(rows.filter((_, at) => at !== index));
    },
  };
}
