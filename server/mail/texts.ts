/**
 * Mail texts: a subject and a body for every mail kind in every portal language. They live with
 * the language's other texts, in `locales/<lang>/mail.json` (`subject.<kind>`, `body.<kind>`), so
 * adding a language is translating its locale folder; core/i18n/locales.test.ts checks that every
 * language has every key with English's placeholders. A mail is always written in the user's
 * language, and only an unknown language code falls back to English (en_US). Placeholders look
 * like {{name}}; values are plain text (HTML is escaped by the renderer), and a value given as a
 * number is written as the mail's language writes numbers (core/i18n/numbers.ts: Arabic-Indic
 * digits in Arabic; a code passed as a string stays as it is). A text may instead come in plural
 * forms, as the portal's i18next keys do (`body.x_one`, `body.x_other` in English; every form the
 * language's Intl.PluralRules names elsewhere): the mail's `count` picks the form. In a right-to-left
 * language (Arabic) a value inside a line is isolated with FSI…PDI (core/i18n/bidi.ts), as in the
 * SPA, so an address or "Chrome on Windows" keeps the line's punctuation in place; a value that is a
 * whole line (the links) stays bare, so mail programs still find the URL. "Unified ID" is a
 * product name and stays untranslated. A file that lacks a text or a form stops the server at start.
 *
 * A plugin's server half keeps the texts of the mails it sends in `locales/<lang>/mail/<plugin>.json`
 * (same shape) and names their kinds in its `mails`; they are read and checked at its start
 * (`registerPluginMails`), and a kind may belong to the core or one plugin only. An outside plugin (an
 * npm package) keeps them in its package, English complete, other languages as far as it has them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from '../../core/i18n/languages';
import { interpolatedValue } from '../../core/i18n/bidi';
import { localiseInterpolated } from '../../core/i18n/numbers';
import { nonEmpty, pluralRules, readPluralForms } from '../localeTexts';

/** The core's mails. `noAccount` and `alreadyRegistered` go out only under enumeration protection (ENUMERATION_PROTECTION=1). */
export const MAIL_KINDS = ['activation', 'reset', 'passwordChanged', 'noAccount', 'alreadyRegistered', 'newDeviceSignIn'] as const;
export type CoreMailKind = (typeof MAIL_KINDS)[number];
/** A core mail, or one a plugin's server half registered (its `mails`). */
export type MailKind = CoreMailKind | (string & {});

/** One text, or its plural forms by Intl.PluralRules category. */
export type MailTemplate = string | Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>;
type Texts = Readonly<Record<string, MailTemplate>>;
/** A mail's placeholders; numbers are localised when filled in. */
export type MailVars = Readonly<Record<string, string | number>>;

/** `name.key` of a mail.json (`name` is `subject` or `body`): its text, or all the plural forms the language has. */
export function readTemplate(part: Readonly<Record<string, unknown>> | undefined, name: string, key: string, lang: LanguageCode, file = 'mail.json'): MailTemplate {
  const where = `locales/${lang}/${file} lacks ${name}.${key}`;
  const text = part?.[key];
  if (nonEmpty(text)) return text;
  const forms = pluralRules(lang).resolvedOptions().pluralCategories;
  if (!forms.some((form) => part?.[`${key}_${form}`] !== undefined)) throw new Error(where);
  return readPluralForms(part, key, lang, where);
}

/** The text of a template for these values: a plural template takes the form of `count` in the language. */
export function chooseForm(template: MailTemplate, vars: MailVars, lang: LanguageCode): string {
  if (typeof template === 'string') return template;
  const count = vars.count;
  if (typeof count !== 'number') throw new Error('a mail text with plural forms needs a numeric count');
  return template[pluralRules(lang).select(count)] ?? template.other!;
}

/** The subjects and bodies of `kinds` in one file of a language's locale folder (the portal's, or an outside plugin's `base`). */
function readTexts(lang: LanguageCode, file: string, kinds: readonly string[], base = new URL('../../locales/', import.meta.url)): { subject: Texts; body: Texts } {
  const url = new URL(`${lang}/${file}`, base);
  if (!existsSync(url)) throw new Error(`locales/${lang}/${file} is missing`);
  const json = JSON.parse(readFileSync(url, 'utf8')) as Record<'subject' | 'body', Record<string, unknown>>;
  const part = (name: 'subject' | 'body'): Texts => Object.fromEntries(kinds.map((kind) => [kind, readTemplate(json[name], name, kind, lang, file)]));
  return { subject: part('subject'), body: part('body') };
}

/**
 * An outside plugin's mail texts (`<its package>/locales/<lang>/mail/<plugin>.json`): English must be
 * complete; another language may lack a file or a text, and its mail is then written in English
 * there, as the page shows English where a package lacks a text.
 */
function readPackageTexts(dir: string, plugin: string, kinds: readonly string[]): Map<LanguageCode, { subject: Texts; body: Texts }> {
  const base = pathToFileURL(path.join(dir, 'locales') + path.sep);
  const file = `mail/${plugin}.json`;
  const english = readTexts(DEFAULT_LANGUAGE, file, kinds, base);
  const own = (lang: LanguageCode) => {
    const url = new URL(`${lang}/${file}`, base);
    if (!existsSync(url)) return english;
    const json = JSON.parse(readFileSync(url, 'utf8')) as Partial<Record<'subject' | 'body', Record<string, unknown>>>;
    // A kind this language has whole (subject and body) is its own; any other stays English.
    const has = (kind: string) => (['subject', 'body'] as const).every((name) => nonEmpty(json[name]?.[kind]) || pluralRules(lang).resolvedOptions().pluralCategories.some((form) => json[name]?.[`${kind}_${form}`] !== undefined));
    const mine = kinds.filter(has);
    const read = mine.length ? readTexts(lang, file, mine, base) : { subject: {}, body: {} };
    return { subject: { ...english.subject, ...read.subject }, body: { ...english.body, ...read.body } };
  };
  return new Map(LANGUAGE_CODES.map((lang) => [lang, lang === DEFAULT_LANGUAGE ? english : own(lang)] as const));
}

const TEXTS = new Map(LANGUAGE_CODES.map((lang) => [lang, readTexts(lang, 'mail.json', MAIL_KINDS)] as const));
/** The plugins' mails: kind → its plugin and its texts per language. */
const PLUGIN_TEXTS = new Map<string, { plugin: string; texts: ReadonlyMap<LanguageCode, { subject: Texts; body: Texts }> }>();

/**
 * Reads and checks a plugin's mail texts (`locales/<lang>/mail/<plugin>.json`) for every language:
 * a missing text or plural form, or a kind the core or another plugin has, stops the start.
 */
export function registerPluginMails(plugin: string, kinds: readonly string[], outside?: { dir: string }): void {
  for (const kind of kinds) {
    const owner = (MAIL_KINDS as readonly string[]).includes(kind) ? 'the core' : PLUGIN_TEXTS.get(kind)?.plugin;
    if (owner !== undefined && owner !== plugin) throw new Error(`plugin ${plugin} sends mail kind '${kind}', which ${owner === 'the core' ? owner : `plugin ${owner}`} has already`);
  }
  const texts = outside ? readPackageTexts(outside.dir, plugin, kinds) : new Map(LANGUAGE_CODES.map((lang) => [lang, readTexts(lang, `mail/${plugin}.json`, kinds)] as const));
  for (const kind of kinds) PLUGIN_TEXTS.set(kind, { plugin, texts });
}

/** A kind's subject and body templates in a language (the core's or its plugin's); undefined for an unknown kind. */
export function mailTemplates(kind: MailKind, lang: LanguageCode): { subject: MailTemplate; body: MailTemplate } | undefined {
  const own = PLUGIN_TEXTS.get(kind)?.texts.get(lang);
  const subject = (own ?? { subject: SUBJECTS[lang] }).subject[kind];
  const body = (own ?? { body: BODIES[lang] }).body[kind];
  return subject !== undefined && body !== undefined ? { subject, body } : undefined;
}

/** The kinds the plugins registered so far. */
export function pluginMailKinds(): string[] {
  return [...PLUGIN_TEXTS.keys()];
}
const table = (part: 'subject' | 'body') =>
  Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, TEXTS.get(lang)![part]])) as Readonly<Record<LanguageCode, Texts>>;

export const SUBJECTS = table('subject');
export const BODIES = table('body');

export function fill(template: string, vars: MailVars, language: LanguageCode = DEFAULT_LANGUAGE): string {
  return template.replace(/\{\{(\w+)\}\}/g, (m, key: string, at: number) => {
    const value = vars[key];
    if (value === undefined) return m;
    const wholeLine = (at === 0 || template[at - 1] === '\n') && (at + m.length === template.length || template[at + m.length] === '\n');
    return String(wholeLine ? localiseInterpolated(value, key, language) : interpolatedValue(value, key, language));
  });
}

/** Subject and body of a mail in `language`; an unknown language code gets English. */
export function mailText(kind: MailKind, language: string, vars: MailVars): { subject: string; text: string } {
  const lang: LanguageCode = isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
  const templates = mailTemplates(kind, lang);
  if (!templates) throw new Error(`no texts for mail kind '${kind}' (a plugin's server half names its kinds in \`mails\`)`);
  const text = (template: MailTemplate) => fill(chooseForm(template, vars, lang), vars, lang);
  return { subject: text(templates.subject), text: text(templates.body) };
}
