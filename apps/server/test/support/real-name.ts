import { randomBytes } from 'node:crypto';
import { STAFF_API_PREFIX } from '@meridian/contracts';
import sharp from 'sharp';
import type { TestServer } from './test-server.ts';

type Envelope = { code: number; msg: string; data: any };

/** A small PNG; another colour, other bytes. */
export const pngOf = (background = '#2a6') =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

/** Uploads a private image as the trader's app does and answers what the call answered. */
export async function uploadImage(s: TestServer, token: string, bytes?: Buffer): Promise<Envelope> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes ?? (await pngOf()))], { type: 'image/png' }), 'id.png');
  const res = await fetch(`${s.baseUrl}/api/common/image_upload`, {
    method: 'POST',
    headers: { authorization: token, lang: 'en' },
    body: form,
  });
  return (await res.json()) as Envelope;
}

/** An ID number no other test has used. */
export const freshCardId = () => `T${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * Verifies a trader's real name through the real calls (withdrawals need it while the setting
 * withdraw_requires_real_name is on): both images uploaded, the submission sent, and approved by
 * `staffToken` (compliance or owner). Answers the submission's id.
 */
export async function verifyRealName(s: TestServer, token: string, staffToken: string): Promise<number> {
  const [front, back] = [(await uploadImage(s, token)).data.url, (await uploadImage(s, token)).data.url];
  const cardId = freshCardId();
  const sent = (
    await s.app.inject({
      method: 'POST',
      url: '/api/user_real/real_name',
      headers: { authorization: token, lang: 'en', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Test Trader', card_id: cardId, front_pic: front, reverse_pic: back }),
    })
  ).json() as Envelope;
  if (sent.code !== 1) throw new Error(`real_name: ${sent.msg}`);
  const staff = async (method: 'GET' | 'POST', url: string, body?: unknown) =>
    (
      await s.app.inject({
        method,
        url: `${STAFF_API_PREFIX}${url}`,
        headers: {
          authorization: `Bearer ${staffToken}`,
          lang: 'en',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })
    ).json() as Envelope;
  const found = await staff('GET', `/real-names?status=1&q=${cardId}`);
  const id = found.data?.rows[0]?.id as number | undefined;
  if (!id) throw new Error(`real-name submission ${cardId} not in the queue: ${found.msg}`);
  const approved = await staff('POST', `/real-names/${id}/approve`, { note: 'test fixture' });
  if (approved.code !== 1) throw new Error(`approve real-name: ${approved.msg}`);
  return id;
}
