/**
 * Outgoing mail through nodemailer: SMTP when a URL is configured, otherwise an outbox of JSON
 * files on disk that the development mailbox (/dev/mail) shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { randomId } from '../domain/crypto';
import { mailText, type MailKind } from './texts';

export interface OutboxMail {
  id: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  language: string;
  createdAt: number;
}

export interface MailRequest {
  to: string;
  kind: MailKind;
  language: string;
  vars: Record<string, string>;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function toHtml(text: string): string {
  const escaped = escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${escaped.replace(/\n/g, '<br>')}</body></html>`;
}

export class Mailer {
  private readonly transport: Transporter;
  private readonly outboxDir: string | null;
  /** Tests can make sending fail to check the -5001/-40015 paths. */
  failNext = 0;
  /** Told of every mail's fate (metrics). */
  onResult: (result: 'sent' | 'failed') => void = () => undefined;

  constructor(
    private readonly options: { smtpUrl?: string; from: string; dataDir: string; now: () => number },
  ) {
    if (options.smtpUrl) {
      this.transport = nodemailer.createTransport(options.smtpUrl);
      this.outboxDir = null;
    } else {
      this.transport = nodemailer.createTransport({ jsonTransport: true });
      this.outboxDir = path.join(options.dataDir, 'outbox');
      fs.mkdirSync(this.outboxDir, { recursive: true });
    }
  }

  get usesOutbox(): boolean {
    return this.outboxDir !== null;
  }

  async send(request: MailRequest): Promise<OutboxMail> {
    try {
      const mail = await this.deliver(request);
      this.onResult('sent');
      return mail;
    } catch (err) {
      this.onResult('failed');
      throw err;
    }
  }

  private async deliver(request: MailRequest): Promise<OutboxMail> {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('mail transport failure (simulated)');
    }
    const { subject, text } = mailText(request.kind, request.language, request.vars);
    const html = toHtml(text);
    const links = [...text.matchAll(/https?:\/\/[^\s]+/g)].map((m) => m[0]);
    await this.transport.sendMail({ from: this.options.from, to: request.to, subject, text, html });
    const mail: OutboxMail = {
      id: randomId(),
      kind: request.kind,
      to: request.to,
      subject,
      text,
      html,
      links,
      language: request.language,
      createdAt: this.options.now(),
    };
    if (this.outboxDir) {
      const name = `${String(mail.createdAt).padStart(14, '0')}-${process.hrtime.bigint()}-${mail.id}.json`;
      await fs.promises.writeFile(path.join(this.outboxDir, name), JSON.stringify(mail));
    }
    return mail;
  }

  /** Newest first. */
  async outbox(): Promise<OutboxMail[]> {
    if (!this.outboxDir) return [];
    const names = (await fs.promises.readdir(this.outboxDir)).filter((n) => n.endsWith('.json')).sort().reverse();
    const mails: OutboxMail[] = [];
    for (const name of names.slice(0, 500)) {
      try {
        mails.push(JSON.parse(await fs.promises.readFile(path.join(this.outboxDir, name), 'utf8')) as OutboxMail);
      } catch {
        // a half-written file: skip
      }
    }
    return mails;
  }
}
