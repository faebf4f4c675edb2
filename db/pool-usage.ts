/**
 * How much of the database connection pool this process uses, counted where our code asks the driver for work:
 * postgres.js exposes no pool figures. A transaction or a reserved connection holds one connection until it ends; a
 * statement outside them holds one while it runs. `held` above the pool's size means work waiting for a connection
 * (or pipelined behind another statement on one). PostgreSQL only: PGlite has one in-process connection.
 */
export const poolUsage = { held: 0, max: 0 };

/** Counts `work` as holding a connection until it settles. */
export async function holdingConnection<T>(work: () => PromiseLike<T>): Promise<T> {
  poolUsage.held += 1;
  try {
    return await work();
  } finally {
    poolUsage.held -= 1;
  }
}
