import { migrateDatabase, openDatabase } from './client.ts';

const database = await openDatabase({ url: process.env['DATABASE_URL'], dataDir: process.env['DATA_DIR'] ?? '.data' });
await migrateDatabase(database);
await database.close();
console.log(`migrations applied (${database.kind})`);
