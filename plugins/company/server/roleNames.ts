/**
 * A company role as a mail names it: the same words the company pages use (`roles.*` of
 * `locales/<lang>/company.json`), in the mail's language, never the API's `admin`/`member`. Read once
 * at start; a language without them stops the server, as a missing mail text does.
 */
import { readFileSync } from 'node:fs';
import type { MemberRole } from '@portal/plugin-api/contract';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, nonEmpty, type LanguageCode } from '@portal/server-api';

const ROLES: readonly MemberRole[] = ['owner', 'admin', 'member'];

function readRoleNames(lang: LanguageCode): Readonly<Record<MemberRole, string>> {
  const file = new URL(`../../../locales/${lang}/company.json`, import.meta.url);
  const roles = (JSON.parse(readFileSync(file, 'utf8')) as { roles?: Record<string, unknown> }).roles;
  const names = {} as Record<MemberRole, string>;
  for (const role of ROLES) {
    const name = roles?.[role];
    if (!nonEmpty(name)) throw new Error(`locales/${lang}/company.json lacks roles.${role}`);
    names[role] = name;
  }
  return names;
}

const NAMES = new Map(LANGUAGE_CODES.map((lang) => [lang, readRoleNames(lang)] as const));

/** `role` in `language` (a mail's language code; anything else reads as English, as the mail does). */
export function roleName(role: MemberRole, language: string): string {
  return NAMES.get(isLanguageCode(language) ? language : DEFAULT_LANGUAGE)![role];
}
