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

export interface SendResult {
  transport: 'outbox' | 'smtp';
  /** What the outbox table keeps: the full text in outbox mode, the text without the code otherwise. */
  storedBody: string;
}

/** Delivers a verification code. Throws when delivery fails (the caller refuses the request). */
export interface CodeSender {
  send(message: CodeMessage): Promise<SendResult>;
}

/**
 * The default outbox (DESIGN §1): nothing leaves the machine; the code is logged and kept in the
 * outbox table for support staff (the back office shows it).
 */
export class OutboxSender implements CodeSender {
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(m: CodeMessage): Promise<SendResult> {
    this.log.info(
      { channel: m.channel, target: m.target, purpose: m.purpose, code: m.code },
      'verification code (outbox)',
    );
    return { transport: 'outbox', storedBody: m.body };
  }
}

/** E-mail through SMTP (SMTP_URL); SMS still goes to the outbox until a provider adapter exists. */
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
