/**
 * Outgoing mail. `send` renders the mail and queues it in the outbox table (outbox.ts), then
 * wakes this instance's worker (worker.ts): a request waits for one insert, never for the SMTP
 * server. The worker hands mail to SMTP when a URL is configured, otherwise to the development
 * mailbox that /dev/mail shows (transport.ts).
 */
import type { Kysely } from 'kysely';
import type { GlobalDb } from '../db/types';
import { MailOutbox } from './outbox';
import type { OutboxSettings, WorkerSettings } from './settings';
import { DevMailbox, SmtpTransport, type DeliveredMail, type MailTransport } from './transport';
import { mailText, type MailKind, type MailVars } from './texts';
import { OutboxWorker, type MailResult } from './worker';

const DEV_MAILBOX_WAIT_MS = 5000;

/** An attempt's outcome (the worker's), or `unqueued`: a mail that could not even be queued (the caller was told by a throw). */
export type MailerResult = MailResult | 'unqueued';

export interface MailRequest {
  to: string;
  kind: MailKind;
  language: string;
  vars: MailVars;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  now: () => number;
  /** The global store, which holds the outbox. */
  db: Kysely<GlobalDb>;
  outbox: OutboxSettings;
  worker: WorkerSettings;
  log?: (message: string) => void;
}

export class Mailer {
  readonly outbox: MailOutbox;
  readonly worker: OutboxWorker;
  private readonly transport: MailTransport;
  /** Told of every attempt's outcome (metrics). */
  onResult: (result: MailerResult) => void = () => undefined;

  constructor(options: MailerOptions) {
    this.transport = options.smtpUrl ? new SmtpTransport(options.smtpUrl, options.from) : new DevMailbox(options.dataDir);
    this.outbox = new MailOutbox(options.db, options.now, options.outbox);
    const log = options.log ?? ((message: string) => console.warn(message));
    this.worker = new OutboxWorker(this.outbox, this.transport, options.worker, options.now, (result) => this.onResult(result), log);
  }

  /** Mail goes to the development mailbox (no SMTP_URL). */
  get devMailbox(): boolean {
    return this.transport.devMailbox;
  }

  /** Queues the mail; it is sent shortly after, retried if need be. Throws only when it cannot be queued. */
  async send(request: MailRequest): Promise<void> {
    const { subject, text } = mailText(request.kind, request.language, request.vars);
    try {
      await this.outbox.enqueue({ kind: request.kind, to: request.to, language: request.language, subject, text });
    } catch (err) {
      this.onResult('unqueued');
      throw err;
    }
    this.worker.kick();
  }

  /**
   * The development mailbox, newest first, once what is due has been sent — here, or by another
   * instance on the same store (waited for up to 5 s) — so a reader sees the mail of the request
   * it just made. Mail between retries is not waited for.
   */
  async devMails(): Promise<DeliveredMail[]> {
    if (!(this.transport instanceof DevMailbox)) return [];
    const until = Date.now() + DEV_MAILBOX_WAIT_MS;
    await this.worker.flush();
    while ((await this.outbox.dueCount()) > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      await this.worker.flush();
    }
    return this.transport.list();
  }
}
