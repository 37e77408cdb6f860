import {
  CAPTCHA_FRAME_PATH,
  CAPTCHA_MESSAGE_SOURCE,
  type CaptchaFrameMessage,
  type CaptchaThemeMessage,
  PORTAL_MESSAGE_SOURCE,
  type ThemeTokens,
} from '@portal/plugin-api';

/**
 * Pure helpers of the captcha step: where the frame lives, which messages from it count,
 * and the colour theme sent to it. Kept apart from the view so they are tested on their own.
 */

/** Longest token or error code accepted from the frame (the real ones are far shorter). */
const MAX_TOKEN = 2048;
const MAX_ERROR_CODE = 32;

const KEYS: Record<CaptchaFrameMessage['type'], readonly string[]> = {
  loaded: ['source', 'type'],
  result: ['source', 'type', 'errorCode', 'token'],
  failed: ['source', 'type', 'errorCode'],
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const isShortString = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * True when `data` has exactly the shape of a frame → portal message of the contract
 * (core/contract/captcha.ts): the frame's source tag, a known type, the fields that type
 * carries and nothing else. A 'result' counts only with errorCode '0' and a token.
 */
export function isCaptchaFrameMessage(data: unknown): data is CaptchaFrameMessage {
  if (!isPlainObject(data) || data.source !== CAPTCHA_MESSAGE_SOURCE) return false;
  const type = data.type;
  if (type !== 'loaded' && type !== 'result' && type !== 'failed') return false;
  const allowed = KEYS[type];
  if (Object.keys(data).some((key) => !allowed.includes(key))) return false;
  switch (type) {
    case 'loaded':
      return true;
    case 'result':
      return data.errorCode === '0' && isShortString(data.token, MAX_TOKEN) && !/\s/.test(data.token);
    case 'failed':
      return isShortString(data.errorCode, MAX_ERROR_CODE);
  }
}

export interface CaptchaFrame {
  /** URL the iframe loads (with the page language). */
  src: string;
  /** The frame's exact origin: the only one whose messages count, and the only target of ours. */
  origin: string;
}

function parseUrl(value: string, base: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

/**
 * The frame to embed: the server's `captchaUrl` of the -23029 result when it is an http(s)
 * URL on the API's own origin, else `<API global base>/captcha/frame`; `lang` is the page
 * language either way.
 */
export function captchaFrame(apiGlobal: string, captchaUrl: unknown, lang: string, pageUrl: string): CaptchaFrame {
  const apiBase = new URL(apiGlobal, pageUrl);
  const fromServer = typeof captchaUrl === 'string' ? parseUrl(captchaUrl, pageUrl) : null;
  const url =
    fromServer && (fromServer.protocol === 'https:' || fromServer.protocol === 'http:') && fromServer.origin === apiBase.origin && !fromServer.username && !fromServer.password
      ? fromServer
      : new URL(`${apiBase.pathname.replace(/\/+$/, '')}${CAPTCHA_FRAME_PATH}`, apiBase.origin);
  url.searchParams.set('lang', lang);
  url.hash = '';
  return { src: url.href, origin: url.origin };
}

/** Relative luminance (0 black … 1 white) of a #rgb / #rrggbb colour; null for other notations. */
export function luminance(color: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The portal → frame theme message: the dialog's surface, text and primary colours. */
export function captchaThemeMessage(theme: ThemeTokens): CaptchaThemeMessage {
  const lum = luminance(theme.colors.surface);
  return {
    source: PORTAL_MESSAGE_SOURCE,
    type: 'theme',
    theme: {
      ...(lum === null ? {} : { mode: lum < 0.4 ? 'dark' : 'light' }),
      primary: theme.colors.primary,
      background: theme.colors.surface,
      text: theme.colors.text,
    },
  };
}
