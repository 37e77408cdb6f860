/**
 * A security event in the words its owner reads on their Security page (the `security` namespace),
 * so that the help desk and the person talk about the same line.
 */
import type { SecurityEvent } from '@portal/plugin-api';
import type { HelpdeskT } from './messages';

export function activityTitle(event: SecurityEvent, t: HelpdeskT): string {
  const d = event.detail;
  const parts = [t(`security:activity.kind.${event.kind}`, { org: d?.org ?? '' })];
  if (d?.reason) parts.push(t(`security:activity.reason.${d.reason}`));
  if (d?.method) parts.push(t(`security:mfa.method.${d.method}`));
  if (d?.by) parts.push(t(`security:activity.by.${d.by}`));
  if (d?.name) parts.push(d.name);
  if (d?.count !== undefined && event.kind === 'sessions_ended') parts.push(t('security:activity.devicesEnded', { count: d.count }));
  if (d?.count !== undefined && event.kind === 'recovery_code_used') parts.push(t('security:activity.codesLeft', { count: d.count }));
  return parts.join(' · ');
}

/** "Chrome 131, Windows · 203.0.113.9": where an event or a session came from, as far as the server knows. */
export function whereFrom(item: { browser: string | null; os: string | null; ip: string | null; country?: string | null }): string {
  return [[item.browser, item.os].filter(Boolean).join(', '), item.country ?? '', item.ip ?? ''].filter(Boolean).join(' · ') || '–';
}
