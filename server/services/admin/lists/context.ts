import type { Db } from '#db/client.ts';

/** What a list reader runs with: the database (it reads only; no actor, nothing to audit). */
export type ListContext = { db: Db };
