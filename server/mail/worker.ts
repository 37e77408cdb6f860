/**
 * Sends what the outbox holds: woken at once when this instance queues a mail (`kick`), when a
 * send ends, and every `pollMs` for retries and for rows another instance left behind. Up to
 * `batch` mails are in the SMTP conversation at once, so one slow mail does not hold up the next.
 */
import { randomId } from '../domain/crypto';
import { isPermanentFailure, failureSummary, type DeliveredMail, type MailTransport } from './transport';
import type { MailOutbox } from './outbox';
import type { MailKind } from './texts';
import type { MailOutboxTable } from '../db/types';
import type { WorkerSettings } from './settings';
import { DEFAULT_LANGUAGE, isLanguageCode, languageByCode } from '../../core/i18n/languages';
import { escapeHtml } from '../http/html';

export type MailResult = 'sent' | 'retry' | 'failed';

/** How often sent and failed rows past their retention are deleted. */
const PRUNE_EVERY_MS = 10 * 60_000;

const LINK = /https?:\/\/[^\s]+/g;

/**
 * The HTML part, in the mail's language and direction: an Arabic mail reads right to left, while
 * its links stay left to right (a URL mirrored by the bidi algorithm is unreadable).
 */
export function toHtml(text: string, language: string): string {
  const lang = languageByCode(isLanguageCode(language) ? language : DEFAULT_LANGUAGE);
  const escaped = escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}" dir="ltr">${url}</a>`);
  const align = lang.dir === 'rtl' ? 'right' : 'left';
  return `<!doctype html><html lang="${lang.bcp47}" dir="${lang.dir}"><body dir="${lang.dir}" style="font-family:sans-serif;line-height:1.5;text-align:${align}">${escaped.replace(/\n/g, '<br>')}</body></html>`;
}

export function deliverable(row: MailOutboxTable): DeliveredMail {
  return {
    id: row.id,
    kind: row.kind as MailKind,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    html: toHtml(row.body, row.language),
    links: [...row.body.matchAll(LINK)].map((m) => m[0]),
    language: row.language,
    createdAt: row.created_at,
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`send took longer than ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export class OutboxWorker {
  /** This instance, as its claims name it. */
  readonly id = `w-${randomId()}`;
  /** Sends under way (at most `batch`). */
  private readonly sending = new Set<Promise<void>>();
  private filling: Promise<void> | null = null;
  private fillAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly outbox: MailOutbox,
    private readonly transport: MailTransport,
    private readonly settings: WorkerSettings,
    private readonly now: () => number,
    private readonly report: (result: MailResult) => void,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Look for due mail now: each queued mail starts sending at once while a slot is free. */
  kick(): void {
    void this.fill();
  }

  /** Sends everything due now; resolves when that and every send under way here has ended. */
  async flush(): Promise<void> {
    await this.fill();
    while (this.filling || this.sending.size > 0) await Promise.all([this.filling, ...this.sending]);
  }

  /**
   * Claims no more rows and waits, at most `graceMs`, for the sends under way. A send still
   * running after that keeps its claim; another instance sends the row once the lease ends.
   */
  async stop(graceMs: number): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all([this.filling, ...this.sending]), late]);
    clearTimeout(timer);
    this.transport.close();
  }

  /** Claims due rows into the free slots; one fill at a time (a call meanwhile makes it look again). */
  private fill(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    this.filling = (async () => {
      try {
        await this.pruneIfDue();
        do {
          this.fillAgain = false;
          while (!this.stopped && this.sending.size < this.settings.batch) {
            const rows = await this.outbox.claim(this.id, this.settings.batch - this.sending.size);
            if (rows.length === 0) break;
            for (const row of rows) this.startSending(row);
          }
        } while (this.fillAgain && !this.stopped);
      } catch (err) {
        this.log(`mail outbox: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        this.filling = null;
      }
    })();
    return this.filling;
  }

  private startSending(row: MailOutboxTable): void {
    const sending: Promise<void> = this.send(row)
      .catch((err: unknown) => this.log(`mail outbox: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.sending.delete(sending);
        // A slot is free: take the next due row, if any.
        this.kick();
      });
    this.sending.add(sending);
  }

  private async pruneIfDue(): Promise<void> {
    if (this.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = this.now();
    await this.outbox.prune();
  }

  private async send(row: MailOutboxTable): Promise<void> {
    try {
      await withTimeout(this.transport.deliver(deliverable(row)), this.settings.sendTimeoutMs);
    } catch (err) {
      const error = failureSummary(err);
      const fate = await this.outbox.attemptFailed(row, this.id, error, isPermanentFailure(err));
      if (fate !== 'lost') this.report(fate);
      // Not the kind: under enumeration protection `reset` against `noAccount` would tell a log reader
      // which reset requests were for real accounts. The row's id finds the rest in the outbox.
      this.log(`mail ${row.id} attempt ${row.attempts} failed: ${error}; ${fate === 'retry' ? 'will retry' : fate === 'failed' ? 'given up' : 'claim lost'}`);
      return;
    }
    if (await this.outbox.sent(row.id, this.id)) this.report('sent');
  }
}
