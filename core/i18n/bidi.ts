/**
 * Mixed-direction text: a value put into a right-to-left message (a region code "eu-west-1", an
 * email, a device name "Chrome 131 on Windows") is isolated with FIRST STRONG ISOLATE … POP
 * DIRECTIONAL ISOLATE, so its own direction is worked out apart from the message and its
 * parentheses and punctuation stay where the message put them. Applied to every interpolated
 * value in a right-to-left language that has a letter or digit of another script (Latin, Western
 * digits: text written wholly in the language's script, like a translated name or Arabic-Indic
 * digits, reads right already), by i18next's formatter (numberFormatter.ts) and by the
 * server's mail texts (server/mail/texts.ts); left-to-right languages are never touched. The marks
 * are invisible format characters: screen readers skip them, and values that are copied or typed
 * back (codes, addresses) are copied from their own data, never from a message.
 */
import { isLanguageCode, languageByCode } from './languages';
import { localiseInterpolated } from './numbers';

export const FSI = '\u2068';
export const PDI = '\u2069';
/** WORD JOINER: no line break here (invisible). Put after a code's hyphens, it keeps "eu-west-1" on one line. */
export const WJ = '\u2060';

/** A letter or digit outside the right-to-left scripts: what makes a value's direction differ from the message's. */
const OTHER_DIRECTION = /(?=[\p{L}\p{N}])[^\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** Whether `language` (a portal code) is written right to left; an unknown code is not. */
export function isRightToLeft(language: string | undefined): boolean {
  return isLanguageCode(language) && languageByCode(language).dir === 'rtl';
}

/**
 * `text` isolated for a message in `language`: wrapped in FSI…PDI in a right-to-left language when it
 * has Latin letters or Western digits; as it is otherwise (and when already isolated). A value without
 * spaces (a code, an address) is also kept on one line there: a line break inside an isolated run
 * reorders its halves ("(us-" at one line's end, "east-1)" on the next).
 */
export function isolate(text: string, language: string | undefined): string {
  if (!isRightToLeft(language) || !OTHER_DIRECTION.test(text) || (text.startsWith(FSI) && text.endsWith(PDI))) return text;
  return `${FSI}${/\s/.test(text) ? text : keepTogether(text)}${PDI}`;
}

/** `text` with no line break after its hyphens (a word joiner after each): a code such as eu-west-1 stays whole. */
export function keepTogether(text: string): string {
  return text.replace(/-(?!\u2060)/g, `-${WJ}`);
}

/** `text` without isolation marks (and word joiners): for comparing a rendered message with plain text. */
export function withoutIsolation(text: string): string {
  return text.replace(/[\u2068\u2069\u2060]/g, '');
}

/** An interpolated value as a message in `language` shows it: numbers localised (numbers.ts), then any text isolated in a right-to-left language. */
export function interpolatedValue<T>(value: T, key: string | undefined, language: string | undefined): T | string {
  const localised = localiseInterpolated(value, key, language);
  return typeof localised === 'string' ? isolate(localised, language) : localised;
}
