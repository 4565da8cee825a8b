import { describe, expect, it } from 'vitest';
import { startFailure } from './start-failure.ts';

const coded = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('startFailure', () => {
  it('says what to do about the machine around the server, in one line', () => {
    expect(
      startFailure(coded('EADDRINUSE', 'listen EADDRINUSE: address already in use 127.0.0.1:8080')),
    ).toBe(
      'the port is already in use (another server is listening: stop it or set PORT): listen EADDRINUSE: address already in use 127.0.0.1:8080',
    );
    expect(startFailure(coded('3D000', 'database "nope" does not exist'))).toMatch(
      /^the database in DATABASE_URL does not exist/,
    );
    expect(startFailure(coded('EROFS', "EROFS: read-only file system, open '/ro/secrets.key'"))).toMatch(
      /DATA_DIR must be writable/,
    );
    // Node's connect to each address of 'localhost', reported together without a message.
    const both = new AggregateError([
      coded('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
    ]);
    expect(startFailure(both)).toMatch(/^the database refused the connection .*::1:5432$/);
    expect(startFailure(new Error('timeout expired'))).toMatch(/connection time-out/);
    expect(startFailure(new TypeError('Invalid URL'))).toMatch(/^DATABASE_URL is not a valid URL/);
    for (const line of [startFailure(coded('ECONNRESET', 'x')), startFailure(coded('28P01', 'y'))])
      expect(line).not.toContain('\n');
  });

  it('leaves our own faults to their stack trace', () => {
    expect(startFailure(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(startFailure(coded('ERR_SOMETHING', 'z'))).toBeNull();
    expect(startFailure('a string')).toBeNull();
    expect(startFailure(null)).toBeNull();
  });
});
