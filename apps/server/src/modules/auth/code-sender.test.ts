import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type CodeMessage, type CodeSender, HttpSmsSender } from './code-sender.ts';

const sms: CodeMessage = {
  channel: 'sms',
  target: '+447911123456',
  purpose: 1,
  subject: 's',
  body: 'Meridian: code 123456',
  code: '123456',
};
const never: CodeSender = {
  send: async () => {
    throw new Error('not this channel');
  },
  transportOf: () => 'outbox',
};

describe('HttpSmsSender failures (the trader is refused 3405; staff read why in the outbox)', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    server = createServer(handler);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}/send`;
  };

  it('gives up on a gateway that does not answer within its time', async () => {
    const url = await listen(() => {}); // never answers
    const started = Date.now();
    await expect(new HttpSmsSender(url, never, undefined, 200).send(sms)).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(2_000);
    server!.closeAllConnections();
  });

  it('does not follow a redirect (it would repeat the credentials elsewhere), and says so in the cause', async () => {
    const url = await listen((_req, res) => {
      res.writeHead(301, { location: 'http://127.0.0.1:1/elsewhere' }).end();
    });
    const err = await new HttpSmsSender(url, never).send(sms).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect(String((err as Error & { cause?: Error }).cause?.message)).toMatch(/redirect/);
  });

  it('names a refused connection in the cause', async () => {
    const url = await listen(() => {});
    await new Promise<void>((r) => server!.close(() => r())); // nothing listens there now
    server = undefined;
    const err = await new HttpSmsSender(url, never).send(sms).catch((e: unknown) => e as Error);
    expect(String((err as Error & { cause?: { code?: string } }).cause?.code)).toBe('ECONNREFUSED');
  });
});
