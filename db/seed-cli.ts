// `npm run db:seed`: the reference data and the demo data (demo restaurants, logins with published passwords,
// discount codes) into an empty database. Asking for it is what running it means; production never does.
import { migrateDatabase, openDatabase } from './client.ts';
import { seedDatabase } from './seed/index.ts';

if (process.env['NODE_ENV'] === 'production') {
  console.error('db:seed refused: NODE_ENV=production, and the demo logins have published passwords');
  process.exit(1);
}
const database = await openDatabase({ url: process.env['DATABASE_URL'], dataDir: process.env['DATA_DIR'] ?? '.data' });
await migrateDatabase(database);
const result = await seedDatabase(database.db, { demo: true });
console.log(`reference data: ${result.reference}; demo data: ${result.demo}`);
await database.close();
