import { createServer, type Server } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './support/server-process.ts';

let logServer: { url: string; close(): void } | undefined;

/** A loopback HTTP endpoint in the runner that returns the server's log so far. */
function serveLog(read: () => string): Promise<{ url: string; close(): void }> {
  return new Promise((resolve) => {
    const srv: Server = createServer((_req, res) => res.end(read()));
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => srv.close() });
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    logUrl: string;
  }
}

/** One real server for the browser tests (its start-up back-fills history, so share it). */
export default async function setup(project: TestProject) {
  const server = await startServerProcess();
  project.provide('baseUrl', server.baseUrl);
  // Browser tests read verification codes from the server's outbox log through this endpoint of
  // the test runner (the server process itself has no test-only routes).
  logServer = await serveLog(server.log);
  project.provide('logUrl', logServer.url);
  return async () => {
    logServer?.close();
    await server.stop();
  };
}
