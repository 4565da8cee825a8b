import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface CodeMessage {
  channel: 'email' | 'sms';
  target: string;
  purpose: number;
  subject: string;
  body: string;
  code: string;
}

export type Transport = 'outbox' | 'smtp' | 'sms_http';

export interface SendResult {
  transport: Transport;
  /** What the outbox table keeps: the full text in outbox mode, the text without the code otherwise. */
  storedBody: string;
}

/** Delivers a verification code. Throws when delivery fails (the caller refuses the request). */
export interface CodeSender {
  send(message: CodeMessage): Promise<SendResult>;
  /** Which transport a message on this channel takes (the outbox notes it, failed ones too). */
  transportOf(channel: CodeMessage['channel']): Transport;
}

/**
 * The default outbox (DESIGN §1): nothing leaves the machine; the code is logged and kept in the
 * outbox table for support staff (the back office shows it).
 */
export class OutboxSender implements CodeSender {
  constructor(
    private readonly log: FastifyBaseLogger,
    /** `npm start` also prints each code as a plain line, where a newcomer looks (main.ts). */
    private readonly announce?: (m: CodeMessage) => void,
  ) {}

  transportOf(): Transport {
    return 'outbox';
  }

  async send(m: CodeMessage): Promise<SendResult> {
    this.log.info(
      { channel: m.channel, target: m.target, purpose: m.purpose, code: m.code },
      'verification code (outbox)',
    );
    this.announce?.(m);
    return { transport: 'outbox', storedBody: m.body };
  }
}

/** E-mail through SMTP (SMTP_URL); other channels go to the next sender. */
export class SmtpSender implements CodeSender {
  private readonly transport: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly fallback: CodeSender,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  transportOf(channel: CodeMessage['channel']): Transport {
    return channel === 'email' ? 'smtp' : this.fallback.transportOf(channel);
  }

  async send(m: CodeMessage): Promise<SendResult> {
    if (m.channel !== 'email') return this.fallback.send(m);
    try {
      await this.transport.sendMail({ from: this.from, to: m.target, subject: m.subject, text: m.body });
    } catch (err) {
      // The trader is told 'could not be sent'; the operator learns why here (a wrong SMTP_URL, a
      // relay refusing): the outbox table keeps the same error per message. The recipient's domain
      // only: the address is personal data.
      this.log?.warn({ err, domain: m.target.split('@')[1] ?? '' }, 'verification e-mail not sent (SMTP)');
      throw err;
    }
    return { transport: 'smtp', storedBody: m.body.replace(m.code, '******') };
  }
}

/** How long the SMS gateway may take to accept a message before the code counts as not sent. */
const SMS_TIMEOUT_MS = 10_000;

/**
 * SMS through the broker's gateway (SMS_URL, DESIGN §1's SMS provider adapter): each code is one
 * `POST` of `{"to": "+4915112345678", "text": "…"}` as JSON, accepted when the gateway answers 2xx.
 * One plain contract rather than one provider's API: every SMS provider (or a few lines of bridge in
 * front of it) takes it. Credentials in the URL (`https://user:key@sms.example.com/send`) are sent
 * as Basic authorization, never in the request line. Other channels go to the next sender.
 */
export class HttpSmsSender implements CodeSender {
  private readonly url: string;
  private readonly authorization: string | null;

  constructor(
    smsUrl: string,
    private readonly fallback: CodeSender,
    private readonly log?: FastifyBaseLogger,
    private readonly timeoutMs = SMS_TIMEOUT_MS,
  ) {
    const url = new URL(smsUrl);
    this.authorization =
      url.username || url.password
        ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
        : null;
    url.username = '';
    url.password = '';
    this.url = url.toString();
  }

  transportOf(channel: CodeMessage['channel']): Transport {
    return channel === 'sms' ? 'sms_http' : this.fallback.transportOf(channel);
  }

  async send(m: CodeMessage): Promise<SendResult> {
    if (m.channel !== 'sms') return this.fallback.send(m);
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.authorization ? { authorization: this.authorization } : {}),
        },
        body: JSON.stringify({ to: m.target, text: m.body }),
        // A redirect would repeat the credentials to wherever it points.
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`the SMS gateway answered HTTP ${res.status}`);
    } catch (err) {
      // The trader is told 'could not be sent'; the operator learns why here. Not the number: it is
      // personal data.
      this.log?.warn({ err }, 'verification SMS not sent (SMS_URL)');
      throw err;
    }
    return { transport: 'sms_http', storedBody: m.body.replace(m.code, '******') };
  }
}
