/**
 * The time-zone list (spec section 3): IANA ids from the runtime, or a static list when the
 * runtime cannot enumerate them, each labelled with its UTC offset at a reference instant.
 * The instant is a parameter so stories and tests are the same in summer and winter.
 */

/** Used when `Intl.supportedValuesOf` is missing (older Safari, some embedded web views). */
export const FALLBACK_TIME_ZONES: readonly string[] = [
  'Pacific/Midway', 'Pacific/Honolulu', 'America/Anchorage', 'America/Los_Angeles', 'America/Denver', 'America/Phoenix',
  'America/Chicago', 'America/Mexico_City', 'America/New_York', 'America/Toronto', 'America/Caracas', 'America/Halifax',
  'America/Santiago', 'America/St_Johns', 'America/Sao_Paulo', 'America/Argentina/Buenos_Aires', 'Atlantic/South_Georgia',
  'Atlantic/Azores', 'UTC', 'Europe/London', 'Europe/Lisbon', 'Africa/Lagos', 'Europe/Berlin', 'Europe/Paris', 'Europe/Madrid',
  'Europe/Rome', 'Europe/Amsterdam', 'Europe/Prague', 'Europe/Warsaw', 'Europe/Budapest', 'Europe/Bratislava', 'Europe/Belgrade',
  'Africa/Cairo', 'Africa/Johannesburg', 'Europe/Athens', 'Europe/Bucharest', 'Europe/Sofia', 'Europe/Kyiv', 'Europe/Helsinki',
  'Asia/Jerusalem', 'Europe/Istanbul', 'Europe/Moscow', 'Asia/Riyadh', 'Africa/Nairobi', 'Asia/Tehran', 'Asia/Dubai', 'Asia/Baku',
  'Asia/Kabul', 'Asia/Karachi', 'Asia/Tashkent', 'Asia/Kolkata', 'Asia/Kathmandu', 'Asia/Dhaka', 'Asia/Yangon', 'Asia/Bangkok',
  'Asia/Jakarta', 'Asia/Ho_Chi_Minh', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Singapore', 'Asia/Kuala_Lumpur',
  'Asia/Manila', 'Australia/Perth', 'Asia/Seoul', 'Asia/Tokyo', 'Australia/Adelaide', 'Australia/Darwin', 'Australia/Brisbane',
  'Australia/Sydney', 'Pacific/Guam', 'Pacific/Noumea', 'Pacific/Auckland', 'Pacific/Fiji', 'Pacific/Tongatapu', 'Pacific/Kiritimati',
];

type IntlWithZones = typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };

/** Every IANA zone id the runtime knows, else the fallback list; always includes UTC. */
export function timeZoneIds(intl: IntlWithZones = Intl): string[] {
  let ids: string[] = [];
  try {
    ids = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    ids = [];
  }
  const list = ids.length ? ids : [...FALLBACK_TIME_ZONES];
  return list.includes('UTC') ? list : ['UTC', ...list];
}

/** Minutes east of UTC of `zone` at `at`; null for a zone the runtime does not know. */
export function utcOffsetMinutes(zone: string, at: Date): number | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return null;
    const match = /GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?/.exec(part);
    if (!match) return null;
    if (!match[1]) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/** "UTC+05:30", "UTC−03:00", "UTC±00:00" style label (ASCII minus so it reads in every font). */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface TimeZoneEntry {
  id: string;
  offset: number;
  /** "(UTC+01:00) Europe/Berlin"; underscores read as spaces. */
  label: string;
}

/** The zones sorted by offset, then by id; zones the runtime cannot resolve are left out. */
export function timeZoneEntries(at: Date, ids: readonly string[] = timeZoneIds()): TimeZoneEntry[] {
  const entries: TimeZoneEntry[] = [];
  for (const id of ids) {
    const offset = utcOffsetMinutes(id, at);
    if (offset === null) continue;
    entries.push({ id, offset, label: `(${formatOffset(offset)}) ${id.replace(/_/g, ' ')}` });
  }
  return entries.sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id));
}
