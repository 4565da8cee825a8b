import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { EngineLockHeldError } from './db/engine-lock.ts';
import { startFailure } from './lib/start-failure.ts';
import { deleteUnusedStaff } from './modules/staff/staff.repository.ts';
import { createServer } from './server.ts';

/** `npm start`: the whole product in one process, stopped gracefully on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const server = await createServer({ config });
  const { app, seed, firstOwner } = server;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // The owner's generated password would be printed by no later start: the next one makes it anew.
    if (firstOwner) await deleteUnusedStaff(server.database.db, firstOwner.id).catch(() => undefined);
    throw err;
  }
  // Printed once, on purpose, on stdout: the operator needs it to sign in the first time.
  if (firstOwner?.notice) console.log(firstOwner.notice);
  const url = `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
  app.log.info(
    { database: server.database.kind, dataDir: config.DATABASE_URL ? undefined : config.dataDir },
    `Meridian is running at ${url} (API docs ${url}/docs)`,
  );
  app.log.info(`Registration invite code: ${seed.inviteCode}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs): its channel closes when it dies, however it died.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void stop('npm start ended'));
  }
}

main().catch((err) => {
  if (
    err instanceof DataDirLockedError ||
    err instanceof EngineLockHeldError ||
    (err instanceof Error && err.message.startsWith('Invalid configuration'))
  ) {
    console.error(`\n${err.message}\n`);
  } else {
    // The machine around the server (a port, the database, a folder): one line, no stack trace.
    const reason = startFailure(err);
    console.error(reason ? `\nMeridian could not start: ${reason}\n` : err);
  }
  process.exit(1);
});
