import { sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { ORDER_STATUS_CHANNEL } from '#db/statements/place-order.ts';
import { errorOf, log } from '#server/observability/log.ts';

/** The PostgreSQL channel every status change is announced on (payload: the order id), which place-order's one
 * statement notifies too. */
export { ORDER_STATUS_CHANNEL };

// The orders each transaction of transactionAnnouncing has announced so far, to announce once it has committed.
const announcedIn = new WeakMap<Tx, Set<string>>();

/**
 * Announces a change to listeners in every process. Inside transactionAnnouncing, once its transaction has
 * committed; in any other transaction, when it commits (PostgreSQL holds a notifying transaction's commit behind
 * every other notifying commit, decision 034).
 */
export async function announceOrderChange(tx: Db | Tx, orderId: string): Promise<void> {
  const pending = announcedIn.get(tx as Tx);
  if (pending) pending.add(orderId);
  else await tx.execute(sql`select pg_notify(${ORDER_STATUS_CHANNEL}, ${orderId})`);
}

/**
 * `db.transaction(work)`, whose order announcements are sent right after its COMMIT, each once, and not at all after a
 * rollback. A transaction that notifies commits only after every other notifying transaction has flushed its commit,
 * so status changes announced inside their transactions committed one WAL flush after another (decision 035). A
 * process that stops between the commit and the announcement delays the news by one poll of the listeners.
 */
export async function transactionAnnouncing<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const announced = new Set<string>();
  const result = await db.transaction((tx) => {
    announcedIn.set(tx, announced);
    return work(tx);
  });
  // The change is committed whatever happens to its announcement; listeners also poll, so a lost one is late news.
  for (const orderId of announced)
    await announceOrderChange(db, orderId).catch((error: Error) =>
      log.warn({ err: errorOf(error) }, `order ${orderId}: announcement failed`),
    );
  return result;
}

type Listener = () => void;

/** The key staff screens (kitchen board, dashboard) subscribe with: every order's change wakes them. */
const ANY_ORDER = '*';
type PostgresJs = {
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<{ unlisten: () => Promise<void> }>;
  unsafe: unknown;
};

type Hub = {
  listeners: Map<string, Set<Listener>>;
  /** Set while LISTEN is (being) established; null when there are no subscribers. */
  connection: Promise<{ unlisten: () => Promise<void> } | null> | null;
  /** PostgreSQL has confirmed the LISTEN: from now on every change reaches the listeners. */
  listening: boolean;
};

const hubs = new WeakMap<Db, Hub>();

function postgresClient(db: Db): PostgresJs | null {
  const client = (db as unknown as { $client?: Partial<PostgresJs> }).$client;
  return client && typeof client.listen === 'function' && typeof client.unsafe === 'function'
    ? (client as PostgresJs)
    : null;
}

/** True when changes arrive by LISTEN/NOTIFY; on PGlite (one process) the stream polls instead. */
export function canListen(db: Db): boolean {
  return postgresClient(db) !== null;
}

/**
 * Calls `onChange` whenever the order's status may have changed, in this or any other server process.
 * One LISTEN connection per database is shared by every subscriber of this process.
 */
export function subscribeToOrder(db: Db, orderId: string, onChange: Listener): () => void {
  const client = postgresClient(db);
  if (!client) return () => {};
  let hub = hubs.get(db);
  if (!hub) {
    hub = { listeners: new Map(), connection: null, listening: false };
    hubs.set(db, hub);
  }
  const current = hub;
  const set = current.listeners.get(orderId) ?? new Set<Listener>();
  current.listeners.set(orderId, set);
  set.add(onChange);
  // Until PostgreSQL has confirmed the LISTEN, a change is announced to nobody: a subscriber that arrives before then
  // is woken once the LISTEN holds, so it reads again whatever changed in between (the first snapshot of a stream is
  // read at once, not after the LISTEN).
  if (!current.listening) {
    current.connection ??= listenOn(client, current);
    void current.connection.then((connection) => {
      if (connection && set.has(onChange)) onChange();
    });
  }
  return () => {
    set.delete(onChange);
    if (set.size === 0) current.listeners.delete(orderId);
    if (current.listeners.size === 0 && current.connection) {
      const connection = current.connection;
      current.connection = null;
      current.listening = false;
      void connection.then((c) => c?.unlisten()).catch(() => {});
    }
  };
}

/** LISTENs on the hub's behalf; a lost LISTEN leaves the streams polling, so it slows updates rather than stopping them. */
function listenOn(client: PostgresJs, hub: Hub): NonNullable<Hub['connection']> {
  const connection = client
    .listen(ORDER_STATUS_CHANNEL, (payload) => {
      for (const listener of hub.listeners.get(payload) ?? []) listener();
      for (const listener of hub.listeners.get(ANY_ORDER) ?? []) listener();
    })
    .then(
      (listening) => {
        if (hub.connection === connection) hub.listening = true;
        return listening;
      },
      (error: unknown) => {
        log.warn({ err: errorOf(error) }, 'order events: LISTEN failed');
        if (hub.connection === connection) hub.connection = null;
        return null;
      },
    );
  return connection;
}

/** Calls `onChange` whenever any order's status may have changed (staff screens re-read their queue then). */
export function subscribeToAllOrders(db: Db, onChange: Listener): () => void {
  return subscribeToOrder(db, ANY_ORDER, onChange);
}
