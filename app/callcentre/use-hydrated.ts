import { useEffect, useState } from 'react';

/** False in the server's HTML and until the island has hydrated: buttons that send stay disabled until then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
