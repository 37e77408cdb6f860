/**
 * The connected services as entries of the stored clients document (the JSON of CLIENTS_FILE):
 * reading them for the console, writing an operator's fields into an entry while keeping what the
 * console does not edit (scopes, plugins, captcha, the secret), and what the audit log may see of
 * one (never a secret, nor its hash).
 */
import type { ServerContext as Ctx } from '@portal/server-api';
import { AUTH_METHODS, GRANT_TYPES, type ServiceBranding, type ServiceFields, type ServiceItem, type ServiceSlide, type ServiceTheme } from '../contract';

/** An entry of the clients document as stored: the fields below and any other the clients check takes. */
export type ClientEntry = { id: string } & Record<string, unknown>;

/** The part of the served configs' versions API this section uses (server/config/servedConfigs.ts). */
export interface ClientVersions {
  currentVersion(target: 'clients'): { version: number; body: unknown } | null;
  proposeVersion(target: 'clients', body: unknown): { ok: true } | { ok: false; problems: string[] };
  applyVersion(target: 'clients', body: unknown, change: { by: { email: string; role: string }; reason: string; baseVersion?: number }): Promise<{ version: number; body: unknown }>;
  sync?(): Promise<void>;
  /** The versions, newest first (summaries), and one version's document. */
  history(target: 'clients', limit: number, before?: number): Promise<Array<{ version: number }>>;
  readVersion(target: 'clients', version: number): Promise<{ body: unknown } | null>;
}

export function clientVersions(ctx: Ctx): ClientVersions {
  return ctx.configs;
}

/** The newest clients document this instance serves (after a look for a newer one), and its version. */
export async function currentClients(ctx: Ctx): Promise<{ version: number | null; entries: ClientEntry[] }> {
  const versions = clientVersions(ctx);
  await versions.sync?.();
  const current = versions.currentVersion('clients');
  return { version: current?.version ?? null, entries: entriesOf(current?.body) };
}

/** The entries of a clients document (anything else in it skipped). */
export function entriesOf(body: unknown): ClientEntry[] {
  return Array.isArray(body) ? body.filter((e): e is ClientEntry => typeof e === 'object' && e !== null && typeof (e as { id?: unknown }).id === 'string') : [];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);

/** An entry as the console shows it: no secret, whether it has one, and a rotation's overlap still running. */
export function serviceItem(entry: ClientEntry, now: number): ServiceItem {
  const until = typeof entry.previousSecretUntil === 'number' && entry.previousSecretUntil > now ? entry.previousSecretUntil : null;
  const grants = strings(entry.grantTypes)?.filter((g): g is (typeof GRANT_TYPES)[number] => (GRANT_TYPES as readonly string[]).includes(g));
  const method = str(entry.tokenEndpointAuthMethod);
  return {
    id: entry.id,
    name: str(entry.name) ?? entry.id,
    redirectUris: strings(entry.redirectUris) ?? [],
    ...(strings(entry.postLogoutRedirectUris) ? { postLogoutRedirectUris: strings(entry.postLogoutRedirectUris)! } : {}),
    ...(str(entry.backchannelLogoutUri) ? { backchannelLogoutUri: str(entry.backchannelLogoutUri)! } : {}),
    ...(str(entry.serviceUrl) ? { serviceUrl: str(entry.serviceUrl)! } : {}),
    ...(grants ? { grantTypes: grants } : {}),
    ...(method && (AUTH_METHODS as readonly string[]).includes(method) ? { tokenEndpointAuthMethod: method as ServiceItem['tokenEndpointAuthMethod'] } : {}),
    ...(typeof entry.branding === 'object' && entry.branding !== null ? { branding: entry.branding as ServiceBranding } : {}),
    confidential: typeof entry.secret === 'string' || typeof entry.secretHash === 'string',
    previousSecretUntil: until,
  };
}

const trimmed = (v: string | undefined) => (v === undefined ? undefined : v.trim() || undefined);
const list = (v: string[] | undefined) => {
  const items = (v ?? []).map((s) => s.trim()).filter(Boolean);
  return items.length ? items : undefined;
};

/** Drops the keys whose value is undefined (an optional field left empty is absent, not "" in the file). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function cleanGroup(group: Record<string, string> | undefined): Record<string, string> | undefined {
  const entries = Object.entries(group ?? {})
    .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : ''] as const)
    .filter(([, v]) => v);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

function cleanTheme(theme: ServiceTheme | undefined): ServiceTheme | undefined {
  if (!theme?.name) return undefined;
  const overrides = compact({ colors: cleanGroup(theme.overrides?.colors), font: cleanGroup(theme.overrides?.font), radius: cleanGroup(theme.overrides?.radius) });
  return Object.keys(overrides).length ? { name: theme.name, overrides } : { name: theme.name };
}

function cleanSlide(slide: ServiceSlide): ServiceSlide {
  const texts = Object.fromEntries(
    Object.entries(slide.texts ?? {})
      .map(([lang, t]) => [lang, compact({ description: trimmed(t.description), linkText: trimmed(t.linkText) })] as const)
      .filter(([, t]) => Object.keys(t).length > 0),
  );
  return compact({ fileUrl: slide.fileUrl.trim(), description: trimmed(slide.description), link: trimmed(slide.link), linkText: trimmed(slide.linkText), texts: Object.keys(texts).length ? texts : undefined });
}

export function cleanBranding(branding: ServiceBranding | undefined): ServiceBranding | undefined {
  if (!branding) return undefined;
  const carousel = (branding.carousel ?? []).filter((s) => s.fileUrl.trim()).map(cleanSlide);
  const clean = compact({
    title: trimmed(branding.title),
    language: trimmed(branding.language),
    logoUrl: trimmed(branding.logoUrl),
    titleLogoUrl: trimmed(branding.titleLogoUrl),
    signUpUrl: trimmed(branding.signUpUrl),
    carousel: carousel.length ? carousel : undefined,
    theme: cleanTheme(branding.theme),
  });
  return Object.keys(clean).length ? clean : undefined;
}

/** The operator's fields over an entry: what the console edits is replaced, the rest (secret, scopes, plugins) kept. */
export function withFields(entry: ClientEntry | undefined, fields: ServiceFields): ClientEntry {
  const kept: Record<string, unknown> = { ...(entry ?? {}) };
  for (const key of ['name', 'redirectUris', 'postLogoutRedirectUris', 'backchannelLogoutUri', 'serviceUrl', 'grantTypes', 'tokenEndpointAuthMethod', 'branding']) delete kept[key];
  const confidential = typeof kept.secret === 'string' || typeof kept.secretHash === 'string';
  return compact({
    ...kept,
    id: entry?.id ?? fields.id.trim(),
    name: fields.name.trim(),
    redirectUris: (list(fields.redirectUris) ?? []),
    postLogoutRedirectUris: list(fields.postLogoutRedirectUris),
    backchannelLogoutUri: trimmed(fields.backchannelLogoutUri),
    serviceUrl: trimmed(fields.serviceUrl),
    grantTypes: fields.grantTypes?.length ? [...new Set(fields.grantTypes)] : undefined,
    // Only a client with a secret has a method to present it by.
    tokenEndpointAuthMethod: confidential ? fields.tokenEndpointAuthMethod : undefined,
    branding: cleanBranding(fields.branding),
  });
}

/** What the audit log keeps of an entry: everything but the secret and its hashes, which it names only as there. */
export function auditView(entry: ClientEntry | undefined): Record<string, unknown> | null {
  if (!entry) return null;
  const { secret, secretHash, previousSecretHash, ...rest } = entry;
  return { ...rest, ...(secret !== undefined || secretHash !== undefined ? { secret: '(set)' } : {}), ...(previousSecretHash !== undefined ? { previousSecret: '(set)' } : {}) };
}
