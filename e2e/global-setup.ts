import type { TestProject } from 'vitest/node';
import { startServerProcess } from './support/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server for the browser tests (its start-up back-fills history, so share it). */
export default async function setup(project: TestProject) {
  const server = await startServerProcess();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
