import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_CODES } from '@meridian/contracts';
import { translate } from '@meridian/i18n/node';

/**
 * Requests Node's HTTP parser cannot read (headers or a URL over its 16 KB limit, broken request
 * lines) never reach Fastify's routes or error handler: Fastify answered them with its own body,
 * not the `{code, msg, data}` envelope every answer has (spec §8). The language header may be what
 * could not be read, so the message is English.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy(err);
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const { code, msgKey } = ERROR_CODES.REQUEST_MALFORMED;
  const body = JSON.stringify({ code, msg: translate('en', msgKey), data: null });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
