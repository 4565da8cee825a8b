import { CODE_PURPOSE } from '@meridian/contracts';
import { loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { EngineLockHeldError } from './db/engine-lock.ts';
import { startFailure } from './lib/start-failure.ts';
import { deleteUnusedStaff } from './modules/staff/staff.repository.ts';
import { createServer } from './server.ts';

/** `npm start`: the whole product in one process, stopped gracefully on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  // Without SMTP_URL / SMS_URL codes go to the outbox: printed plainly too, so a first account can
  // be opened on one machine without reading JSON log lines.
  const server = await createServer({
    config,
    onOutboxCode: (m) =>
      console.log(
        `Verification code for ${m.target}: ${m.code} (${m.purpose === CODE_PURPOSE.RESET_PASSWORD ? 'password reset' : 'registration'})`,
      ),
  });
  const { app, seed, firstOwner } = server;
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // The owner's generated password would be printed by no later start: the next one makes it anew.
    if (firstOwner) await deleteUnusedStaff(server.database.db, firstOwner.id).catch(() => undefined);
    throw err;
  }
  const url = `http://${config.HOST}:${(app.server.address() as { port: number }).port}`;
  app.log.info(
    { database: server.database.kind, dataDir: config.DATABASE_URL ? undefined : config.dataDir },
    `Meridian is running at ${url} (API docs ${url}/docs)`,
  );
  // Plain lines among the JSON ones: what a newcomer needs to sign up and sign in. The owner's
  // password is printed once, on purpose: the operator needs it to sign in the first time.
  const outboxChannels = [
    config.SMTP_URL ? null : 'e-mail (no SMTP_URL)',
    config.SMS_URL ? null : 'phone (no SMS_URL)',
  ].filter((c) => c !== null);
  console.log(
    [
      '',
      `Meridian is ready at ${url}/`,
      `  Trader's app:  ${url}/`,
      `  Back office:   ${url}/admin/`,
      `  API docs:      ${url}/docs`,
      `Registration invite code: ${seed.inviteCode}`,
      ...(outboxChannels.length > 0
        ? [`Verification codes for ${outboxChannels.join(' and ')} are printed here as they are sent.`]
        : []),
      '',
    ].join('\n'),
  );
  if (firstOwner?.notice) console.log(firstOwner.notice);

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
