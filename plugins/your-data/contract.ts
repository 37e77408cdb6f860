/**
 * "Your data"'s calls, shared by its browser and server halves. A person asks for a copy of their
 * data; the server builds it in the background (a job that survives a restart) as a ZIP of JSON
 * files with a README in their language, mails them when it is ready, and keeps it for
 * `EXPORT_DAYS` days. Downloading it asks for the password again.
 */

/** How long a built copy can be downloaded, in days; then it is deleted. */
export const EXPORT_DAYS = 7;

/** The name a copy is saved under: the day it was asked for. */
export const exportFileName = (requestedAt: number) => `unified-id-data-${new Date(requestedAt).toISOString().slice(0, 10)}.zip`;

/** The page, under /accountSetting. */
export const YOUR_DATA_PATH = 'your-data';

/** queued: waiting for the job; building: the job is at it; ready: can be downloaded; failed: the job gave up. */
export type ExportState = 'queued' | 'building' | 'ready' | 'failed';

/** The person's copy, as the page shows it. */
export interface DataExport {
  state: ExportState;
  /** Epoch milliseconds. */
  requestedAt: number;
  readyAt: number | null;
  /** When a ready copy is deleted. */
  expiresAt: number | null;
  /** The ZIP's size in bytes, once built. */
  size: number | null;
  downloadedAt: number | null;
}

/**
 * `GET /accounts/{id}/data-export`: the copy, or null when there is none (never asked, deleted, or expired).
 * `POST` asks for one (a copy being built is answered as it is; a ready one is replaced).
 * `DELETE` deletes it now.
 */
export interface DataExportResult {
  export: DataExport | null;
}

/** `POST /accounts/{id}/data-export/download {password}`: the ZIP (application/zip), or the sign-in's errors (wrong password, locked). */
export interface DownloadRequest {
  password: string;
}

/**
 * "Delete my account". `GET /accounts/{id}/closure`: what closing the ID means for this person.
 * `POST /accounts/{id}/closure {password}` closes it (-10020 `{field: 'company', reason: 'handOver'}`
 * while it owns a company with other members); it is erased `graceDays` days later unless the link
 * mailed at once restores it (the public `RESTORE_PATH` page).
 */
export interface ClosureFacts {
  graceDays: number;
  /** A company the person owns with other members: to hand over before the ID can be closed. */
  handOver: { company: string } | null;
  /** A company only the person is in: it is deleted with the ID. */
  companyGoes: { company: string } | null;
  /** Names of the connected services that received the person's data (they are told the ID is closed). */
  services: string[];
  /** False for an ID made at another provider whose person never set a password: set one first. */
  passwordSet: boolean;
}

export interface CloseRequest {
  password: string;
}

export interface ClosedResult {
  /** When the ID is erased unless restored (epoch ms). */
  eraseAt: number;
}

/** The page a restore link opens (public); the token rides in the fragment (`#token=…`) and is removed at once. */
export const RESTORE_PATH = '/restore-account';

/**
 * `POST /account-restore/check {token}`: the closed ID a restore link is for (nothing changes), or
 * -20679 `{reason: 'invalid' | 'expired'}`. `POST /account-restore {token}` restores it.
 */
export interface RestoreRequest {
  token: string;
}

export interface RestoreInfo {
  email: string;
  eraseAt: number;
}
