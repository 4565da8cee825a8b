import { createReadStream } from 'node:fs';
import path from 'node:path';
import { STAFF_API_PREFIX, type StaffRole } from '@meridian/contracts';
import type { FastifyReply } from 'fastify';
import { STORED_IMAGE_NAME } from './image-upload.ts';

/**
 * Private uploads (DESIGN §8): deposit proofs and ID images, read by their owner and by the staff
 * their kind names. A real-name submission turns the images it uses into 'kyc' ones, which only
 * compliance reads (finance and support review money, not identities).
 */
export const UPLOAD_KIND = { PROOF: 'proof', KYC: 'kyc' } as const;
export type UploadKind = (typeof UPLOAD_KIND)[keyof typeof UPLOAD_KIND];

/** Who reads each kind through the staff API (the owner role reads everything). */
export const STAFF_FILE_READERS: Record<UploadKind, readonly StaffRole[]> = {
  proof: ['finance', 'compliance', 'support'],
  kyc: ['compliance'],
};
/** Every role that may read some private file (checked first; the file's kind decides after). */
export const ANY_STAFF_FILE_READER = [...new Set(Object.values(STAFF_FILE_READERS).flat())];

export function staffMayRead(role: StaffRole, kind: string): boolean {
  // An unknown kind is nobody's but the owner role's: a new kind must name its readers here.
  const readers = STAFF_FILE_READERS[kind as UploadKind] ?? [];
  return role === 'owner' || readers.includes(role);
}

const MIME: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Where the trader's app reads a private upload. */
export const fileUrl = (name: string) => `/api/common/file/${name}`;
/** Where staff read it (the roles above only). */
export const staffFileUrl = (name: string) => `${STAFF_API_PREFIX}/files/${name}`;

/**
 * The stored name a URL the upload call returned points at: the path itself, or a full URL
 * ending in it (the app may send it absolute). Anything else, null.
 */
export function privateFileNameIn(url: string): string | null {
  const name = url.slice(url.lastIndexOf('/') + 1);
  if (!STORED_IMAGE_NAME.test(name)) return null;
  const own = fileUrl(name);
  if (url === own) return name;
  return /^https?:\/\/[^/?#@\s]+$/i.test(url.slice(0, -own.length)) && url.endsWith(own) ? name : null;
}

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
