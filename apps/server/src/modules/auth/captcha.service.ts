import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertCaptcha, takeCaptcha } from './auth.repository.ts';

const CAPTCHA_TTL_MS = 5 * 60_000;
const answerHash = (id: string, text: string) =>
  createHash('sha256').update(`${id}:${text.trim().toLowerCase()}`).digest('hex');

/** An image captcha (svg-captcha: noise lines, distorted glyphs), returned as a data URL. */
export async function createCaptcha(db: Db, now: number) {
  const c = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0o1ilI', background: '#f3f5f9' });
  const id = randomBytes(16).toString('base64url');
  await insertCaptcha(db, {
    id,
    answerHash: answerHash(id, c.text),
    expiresAt: new Date(now + CAPTCHA_TTL_MS),
  });
  return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** One use: a captcha is spent by any attempt, right or wrong. */
export async function checkCaptcha(db: Db, now: number, id: string, text: string) {
  const hash = id ? await takeCaptcha(db, id, new Date(now)) : null;
  if (!hash || hash !== answerHash(id, text)) throw new AppError('CAPTCHA_INCORRECT');
}
