import {
  ROLES_REQUIRING_TOTP,
  STAFF_API_PREFIX,
  type StaffAuditAction,
  type StaffAuditTarget,
  type StaffCallContract,
  type StaffRole,
} from '@meridian/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { answerOnce, idempotencyKeyOf, requestDigest } from '../../http/idempotency.ts';
import { AppError } from '../../lib/app-error.ts';
import { bindToRequestLog } from '../../lib/log-bindings.ts';
import { hashToken } from '../../lib/session-token.ts';
import { findLiveStaffSession, findStaffById, insertAudit, type StaffRow } from './staff.repository.ts';

type Out<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : Record<string, never>;

export interface AuditEntry {
  action: StaffAuditAction;
  targetType: StaffAuditTarget;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

export interface StaffContext<C extends StaffCallContract> {
  req: FastifyRequest;
  /** The signed-in staff member (absent only on `public` calls). */
  staff: StaffRow;
  tokenHash: string;
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  /** Records what a changing call changed (one entry per call; written when the call succeeds). */
  audit(entry: AuditEntry): void;
  /** The request's `Idempotency-Key` joined with a digest of what it asked, on calls registered `idempotent` (else null). */
  requestKey: string | null;
}

export const staffTokenOf = (req: FastifyRequest): string | null => {
  const raw = req.headers.authorization?.trim();
  if (!raw?.toLowerCase().startsWith('bearer ')) return null;
  const token = raw.slice(7).trim();
  return token.length >= 16 && token.length <= 200 ? token : null;
};

export const mustEnrolTotp = (s: StaffRow) =>
  ROLES_REQUIRING_TOTP.includes(s.role as StaffRole) && !s.totpSecret;

/** Whether a role may use a call (owner may use every call). */
export function roleMayUse(role: StaffRole, access: StaffCallContract['access']): boolean {
  if (access === 'public' || access === 'session') return true;
  return role === 'owner' || access.includes(role);
}

/**
 * The staff member behind a request (staff sessions only), checked against `access`: the role
 * must be allowed and a role that needs a second factor must have enrolled one.
 */
export async function resolveStaff(
  deps: { db: Db; now: () => number },
  req: FastifyRequest,
  access: StaffCallContract['access'],
): Promise<{ staff: StaffRow; tokenHash: string }> {
  const token = staffTokenOf(req);
  if (!token) throw new AppError('AUTH_SESSION_INVALID');
  const tokenHash = hashToken(token);
  const session = await findLiveStaffSession(deps.db, tokenHash, new Date(deps.now()));
  const staff = session && (await findStaffById(deps.db, session.staffId));
  if (!staff || staff.disabled) throw new AppError('AUTH_SESSION_INVALID');
  // The request's log lines say which member of staff made it.
  bindToRequestLog(req.log, { staffId: staff.id });
  if (access !== 'session' && access !== 'public') {
    if (mustEnrolTotp(staff)) throw new AppError('STAFF_TOTP_ENROL_REQUIRED');
    if (!roleMayUse(staff.role as StaffRole, access)) throw new AppError('STAFF_FORBIDDEN');
  }
  return { staff, tokenHash };
}

/**
 * Registers one back-office call: input checked against the contract, the staff session resolved
 * from `Authorization: Bearer` (staff sessions only), the role checked, a second factor required
 * where the role needs one, and for changing calls one audit entry written with who, what, before,
 * after and from where. An `idempotent` call (one that moves money, DESIGN §4) honours an
 * `Idempotency-Key`: a repeat gets the first answer and writes no second audit entry.
 */
export function registerStaffCall<C extends StaffCallContract>(
  app: FastifyInstance,
  deps: { db: Db; now: () => number },
  contract: C,
  handler: (ctx: StaffContext<C>) => Promise<z.input<C['data']>> | z.input<C['data']>,
  opts: { idempotent?: boolean } = {},
) {
  app.route({
    method: contract.method,
    url: STAFF_API_PREFIX + contract.path,
    // No automatic HEAD twin of a GET call (a HEAD must never act; see register-call.ts).
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (req, reply) => {
      const parse = <T>(schema: z.ZodType | undefined, value: unknown): T => {
        if (!schema) return {} as T;
        const r = schema.safeParse(value ?? {});
        if (!r.success)
          throw new AppError('REQUEST_INVALID_FIELD', {
            field: r.error.issues[0]?.path.join('.') || 'request',
          });
        return r.data as T;
      };
      let staff = null as unknown as StaffRow;
      let tokenHash = '';
      if (contract.access !== 'public')
        ({ staff, tokenHash } = await resolveStaff(deps, req, contract.access));
      const input = {
        params: parse<Out<C['params']>>(contract.params, req.params),
        query: parse<Out<C['query']>>(contract.query, req.query),
        body: parse<Out<C['body']>>(contract.body, req.body),
      };
      const sent = opts.idempotent && staff ? idempotencyKeyOf(req) : null;
      const digest = sent === null ? '' : requestDigest(input);
      const run = async () => {
        const entries: AuditEntry[] = [];
        const data = await handler({
          req,
          staff,
          tokenHash,
          ...input,
          audit: (e) => entries.push(e),
          // The key with what it asked: a key reused for another request (after its claim was pruned or
          // freed) must not find the first request's traces and be taken for a repeat.
          requestKey: sent === null ? null : `${sent}:${digest}`,
        });
        if (contract.changes && entries.length !== 1)
          req.log.error(
            { path: contract.path, entries: entries.length },
            'a changing staff call must record one audit entry',
          );
        for (const e of entries)
          await insertAudit(deps.db, {
            staffId: staff?.id ?? null,
            staffEmail: staff?.email ?? '',
            action: e.action,
            targetType: e.targetType,
            targetId: String(e.targetId),
            before: e.before ?? null,
            after: e.after ?? null,
            ip: req.ip ?? '',
            createdAt: new Date(deps.now()),
          });
        const checked = contract.data.safeParse(data);
        if (!checked.success) {
          req.log.error(
            { path: contract.path, issues: checked.error.issues.slice(0, 3) },
            'staff answer breaks its contract',
          );
          throw new AppError('SERVER_INTERNAL');
        }
        return checked.data;
      };
      if (!sent) return reply.ok(await run());
      // Staff ids are not user ids (another table): the 'staff' scope keeps their keys apart.
      const answer = await answerOnce(
        deps.db,
        {
          ownerId: staff.id,
          sentKey: sent,
          route: `staff ${contract.path}`,
          digest,
          lang: req.lang,
          msgKey: 'ok.success',
        },
        run,
      );
      return reply.send(answer);
    },
  });
}
