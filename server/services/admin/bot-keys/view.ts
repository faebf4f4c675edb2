import type { botKeys } from '#db/schema/index.ts';

/** A bot key as the admin sees it: never its hash, never the key itself. */
export type BotKeyView = {
  id: number;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export function botKeyView(row: typeof botKeys.$inferSelect, createdBy: string | null): BotKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
