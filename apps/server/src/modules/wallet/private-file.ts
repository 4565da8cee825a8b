import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Where the trader's app reads a private upload. */
export const fileUrl = (name: string) => `/api/common/file/${name}`;

/** Sends a private image as stored (random name, known type), never sniffed, never cached by others. */
export function sendPrivateFile(reply: FastifyReply, dir: string, name: string) {
  const ext = name.split('.').pop()!;
  return reply
    .header('content-type', MIME[ext] ?? 'application/octet-stream')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(createReadStream(path.join(dir, name)));
}
