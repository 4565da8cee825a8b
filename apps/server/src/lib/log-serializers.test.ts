import { describe, expect, it } from 'vitest';
import { serializeError, urlForLog } from './log-serializers.ts';

/** As drizzle-orm builds it (`DrizzleQueryError`): the statement and its parameters in the message. */
class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause?: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`);
    this.cause = cause;
  }
}

describe('errors in the log', () => {
  it('keep the statement (shortened) and what the database said, never the parameters', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      // As pg reports a unique violation: the value is in `detail`.
      {
        code: '23505',
        constraint: 'users_email_key',
        detail: 'Key (email)=(kim@example.com) already exists.',
      },
    );
    const err = new DrizzleQueryError(
      `insert into "users" ("email", "password_hash") values ($1, $2) ${'-- '.repeat(200)}`,
      ['kim@example.com', '$argon2id$v=19$m=19456,t=2,p=1$secret'],
      cause,
    );
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('kim@example.com');
    expect(logged).toContain('Failed query: insert into \\"users\\"');
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('users_email_key');
    expect((serializeError(err) as { message: string }).message.length).toBeLessThan(320);
    expect(String((serializeError(err) as { stack: string }).stack)).toMatch(/^\s+at /);
    // A value quoted in the database's own message is not written either.
    const quoted = new DrizzleQueryError(
      'select * from users where id = $1',
      ['abc'],
      Object.assign(new Error('invalid input syntax for type bigint: "abc"'), { code: '22P02' }),
    );
    const written = JSON.stringify(serializeError(quoted));
    expect(written).not.toContain('abc');
    expect(written).toContain('"code":"22P02"');
    expect(written).toContain('invalid input syntax for type bigint');
  });

  it('writes other errors with their message, stack and code', () => {
    const logged = serializeError(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ) as Record<string, unknown>;
    expect(logged).toMatchObject({ type: 'Error', message: 'connect ECONNREFUSED', code: 'ECONNREFUSED' });
    expect(String(logged.stack)).toContain('log-serializers.test.ts');
    expect(serializeError('plain')).toBe('plain');
  });

  it('writes request URLs without credentials (a demo account is reached by its demo_id alone)', () => {
    expect(urlForLog('/api/user/createAccountDemoForU?demo_id=abcdefgh-1234&t=17')).toBe(
      '/api/user/createAccountDemoForU?demo_id=***&t=17',
    );
    expect(urlForLog('/v1/api/forex/submit?type=1&cont=0.01')).toBe('/v1/api/forex/submit?type=1&cont=0.01');
    expect(urlForLog('/healthz')).toBe('/healthz');
  });
});
