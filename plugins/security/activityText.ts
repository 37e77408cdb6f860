/** How one security event reads: what happened, from which device, where and when. */
import type { TFunction } from 'i18next';
import { intlLocale, isolate, type SecurityEvent, type SecurityEventKind } from '@portal/plugin-api';

type T = TFunction<readonly ['security', 'core']>;

/** Events a user may not recognise as theirs: what succeeded. Refusals, locks and sign-outs are not offered. */
const DISOWNABLE: ReadonlySet<SecurityEventKind> = new Set<SecurityEventKind>([
  'sign_in_success',
  'passkey_sign_in',
  'security_unlocked',
  'password_changed',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_method_added',
  'mfa_method_removed',
  'mfa_primary_changed',
  'session_timeout_changed',
  'email_changed',
  'passkey_added',
  'passkey_removed',
  'passkey_renamed',
  'recovery_codes_generated',
  'recovery_code_used',
  'trusted_device_added',
  'trusted_device_revoked',
  'second_factor_reset',
  'sign_in_linked',
  'sign_in_unlinked',
  'data_export_requested',
  'data_export_downloaded',
  'account_closed',
  'account_restored',
]);

export function mayDisown(event: SecurityEvent): boolean {
  return DISOWNABLE.has(event.kind);
}

/** "Sign-in refused · wrong password", "Verification method added · Authenticator app", "Your application to Contoso was accepted". */
export function eventTitle(event: SecurityEvent, t: T): string {
  const d = event.detail;
  // A company's name stands inside the sentence (isolated as any message's value), not after a " · ".
  const title = t(`security:activity.kind.${event.kind}`, { org: d?.org ?? '' });
  const extra: string[] = [];
  if (d?.reason) extra.push(t(`security:activity.reason.${d.reason}`));
  if (d?.method) extra.push(t(`security:mfa.method.${d.method}`));
  if (d?.by) extra.push(t(`security:activity.by.${d.by}`));
  if (d?.name) extra.push(d.name);
  if (d?.count !== undefined && event.kind === 'sessions_ended') extra.push(t('security:activity.devicesEnded', { count: d.count }));
  if (d?.count !== undefined && event.kind === 'recovery_code_used') extra.push(t('security:activity.codesLeft', { count: d.count }));
  return [title, ...extra].join(' · ');
}

/**
 * "Chrome 131 on Windows", one of them, or null when the server could not tell. A bare name stands
 * between " · " separators as a message's value would, so it is isolated as one (bidi.ts).
 */
export function eventDevice(event: SecurityEvent, language: string, t: T): string | null {
  if (event.browser && event.os) return t('security:sessions.deviceOn', { browser: event.browser, os: event.os });
  const one = event.browser ?? event.os;
  return one ? isolate(one, language) : null;
}

/** The country's name in the page language (Intl), with the city when known. */
export function eventPlace(event: SecurityEvent, language: string, t: T): string | null {
  let country: string | null = event.country;
  if (event.country) {
    try {
      country = new Intl.DisplayNames([intlLocale(language)], { type: 'region' }).of(event.country) ?? event.country;
    } catch {
      country = event.country;
    }
  }
  if (event.city && country) return t('security:activity.place', { city: event.city, country });
  const one = event.city ?? country;
  return one ? isolate(one, language) : null;
}
