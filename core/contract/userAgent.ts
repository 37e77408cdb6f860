/**
 * A User-Agent read for people: the browser's family and major version, and the system. One
 * reader for the server (security activity, new-device check) and every page that names a device
 * (sessions, trusted devices, a new passkey's suggested name), so they all say the same.
 * Only the families people recognise; anything else is null (shown as "unknown device").
 * The order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
export interface UserAgentSummary {
  /** "Chrome", "Firefox", …; the part a new-device check compares (versions change weekly). */
  family: string | null;
  /** Family and major version, "Chrome 131". */
  browser: string | null;
  os: string | null;
}

const FAMILIES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  // No word boundary: "HeadlessChrome/131" (automated Chromium) is Chrome too.
  [/(?:Chrome|Chromium|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A browser's family, name and system, read from its User-Agent header (null when unknown). */
export function readUserAgent(ua: string | null | undefined): UserAgentSummary {
  if (!ua) return { family: null, browser: null, os: null };
  const text = ua.slice(0, 500);
  let family: string | null = null;
  let browser: string | null = null;
  for (const [pattern, name] of FAMILIES) {
    const match = pattern.exec(text);
    if (match) {
      family = name;
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  return { family, browser, os };
}
