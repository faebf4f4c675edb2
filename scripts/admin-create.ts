// `npm run admin:create`: creates the first admin of an installation (or makes an existing account admin) with a
// password the operator chooses. In a terminal it asks for what the flags and environment do not give; for
// automation, --email (or ADMIN_EMAIL) and ADMIN_PASSWORD (or --password, which shows in the process list).
// The database is the server's: DATABASE_URL, or else PGlite in DATA_DIR (stop the server first: a PGlite
// folder has one owner).
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '#db/client.ts';
import { AppError } from '#server/errors.ts';
import { ADMIN_PASSWORD_MIN_LENGTH, createAdmin } from '#server/services/auth/create-admin.ts';

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  } catch (error) {
    return fail(`${(error as Error).message} (use --email <address>, and ADMIN_PASSWORD or --password)`);
  }
})();
const interactive = process.stdin.isTTY === true;

/** Reads a line without echoing it, so the password stays off the screen. */
async function askHidden(question: string): Promise<string> {
  process.stdout.write(question);
  const stdin = process.stdin;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve) => {
    let value = '';
    const done = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          done();
          resolve(value);
          return;
        }
        if (char === '\u0003') {
          done();
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function askEmail(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Admin e-mail: ');
  } finally {
    rl.close();
  }
}

async function askPassword(): Promise<string> {
  for (;;) {
    const password = await askHidden(`Password (at least ${ADMIN_PASSWORD_MIN_LENGTH} characters): `);
    if ((await askHidden('The same password again: ')) === password) return password;
    console.log('The two did not match; once more.');
  }
}

const email =
  values.email ??
  process.env['ADMIN_EMAIL'] ??
  (interactive ? await askEmail() : fail('no e-mail: pass --email <address> or set ADMIN_EMAIL'));
const password =
  values.password ??
  process.env['ADMIN_PASSWORD'] ??
  (interactive ? await askPassword() : fail('no password: set ADMIN_PASSWORD (or run it in a terminal to be asked)'));

const database = await openDatabase({
  url: process.env['DATABASE_URL'],
  dataDir: process.env['DATA_DIR'] ?? '.data',
}).catch((error: Error) => fail(`the database cannot be opened: ${error.message}`));
try {
  // A fresh installation may get its admin before the server's first start.
  await migrateDatabase(database);
  const result = await createAdmin({ db: database.db, now: () => new Date() }, { email, password });
  console.log(
    result.outcome === 'created'
      ? `admin ${result.email} created; log in at /login`
      : `${result.email} is now an admin with the new password; their sessions were ended`,
  );
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  // Not fail(): the database is closed below first.
  console.error(
    `admin:create: ${
      error.details?.['password']
        ? `the password is too weak: at least ${ADMIN_PASSWORD_MIN_LENGTH} characters, four of them different`
        : `"${email}" is not an e-mail address`
    }`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
