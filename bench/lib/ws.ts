// The `ws` library exactly as Meridian's socket gateway loads it (through @fastify/websocket from
// apps/server), so the baseline and the clients run the same version as the server under test (the
// root node_modules holds an older `ws` for other tools).
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './common.ts';

type Ws = typeof import('ws');
const fromServer = createRequire(path.join(ROOT, 'apps/server/package.json'));
const fromPlugin = createRequire(fromServer.resolve('@fastify/websocket'));
const ws = fromPlugin('ws') as Ws;

export const WebSocket = ws.WebSocket;
export const WebSocketServer = ws.WebSocketServer;
export type WebSocket = import('ws').WebSocket;
export const wsVersion: string = fromPlugin('ws/package.json').version;
