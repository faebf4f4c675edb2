import { migrateDatabase, openDatabase } from './client.ts';
import { seedDatabase } from './seed/index.ts';

const database = await openDatabase({ url: process.env['DATABASE_URL'], dataDir: process.env['DATA_DIR'] ?? '.data' });
await migrateDatabase(database);
console.log(`demo data: ${await seedDatabase(database.db)}`);
await database.close();
