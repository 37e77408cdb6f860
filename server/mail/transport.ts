/**
 * Where the outbox worker hands a mail: an SMTP server (SMTP_URL), or in development the
 * development mailbox, JSON files under DATA_DIR/outbox that /dev/mail shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailKind } from './texts';
import { PRIVATE_FILE, privateDir } from '../db/privateFiles';

/** A rendered mail as the worker delivers it (and as the development mailbox keeps it). */
export interface DeliveredMail {
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

export interface MailTransport {
  /** True for the development mailbox (files), false for SMTP. */
  readonly devMailbox: boolean;
  deliver(mail: DeliveredMail): Promise<void>;
  close(): void;
}

/**
 * Bounds on one SMTP conversation, so that a send always ends well within the outbox claim
 * (outbox.ts: the lease) and a shutdown waits for a bounded send.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as const;

export class SmtpTransport implements MailTransport {
  readonly devMailbox = false;
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  }

  async deliver(mail: DeliveredMail): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  }

  close(): void {
    this.transporter.close();
  }
}

export class DevMailbox implements MailTransport {
  readonly devMailbox = true;
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'outbox');
    privateDir(this.dir);
  }

  async deliver(mail: DeliveredMail): Promise<void> {
    const name = `${String(mail.createdAt).padStart(14, '0')}-${process.hrtime.bigint()}-${mail.id}.json`;
    // Written aside and renamed: a reader never sees half a mail.
    const file = path.join(this.dir, name);
    await fs.promises.writeFile(`${file}.part`, JSON.stringify(mail), { mode: PRIVATE_FILE });
    await fs.promises.rename(`${file}.part`, file);
  }

  /** Newest first (at most 500). */
  async list(): Promise<DeliveredMail[]> {
    const names = (await fs.promises.readdir(this.dir)).filter((n) => n.endsWith('.json')).sort().reverse();
    const mails: DeliveredMail[] = [];
    for (const name of names.slice(0, 500)) {
      try {
        mails.push(JSON.parse(await fs.promises.readFile(path.join(this.dir, name), 'utf8')) as DeliveredMail);
      } catch {
        // removed meanwhile: skip
      }
    }
    return mails;
  }

  close(): void {}
}

/**
 * Whether trying again cannot help: the server refused the recipient or the message itself
 * with a 5xx reply. A refused login (EAUTH) or a broken connection is the operator's to fix
 * or passes by itself, so those are retried.
 */
export function isPermanentFailure(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/** What the outbox row keeps of a failure: the error code and SMTP reply code, never the reply text (it may name the address). */
export function failureSummary(err: unknown): string {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  const name = typeof code === 'string' && /^[A-Z_]{2,32}$/.test(code) ? code : 'ERROR';
  return typeof responseCode === 'number' ? `${name} ${responseCode}` : name;
}
