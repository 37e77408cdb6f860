/** Recent activity as the stories show it: a new device's sign-in, a refused one, a change; more to load. */
import type { SecurityEventsResult } from '@portal/plugin-api';

const AT = Date.UTC(2024, 4, 1, 10, 0);

export const storyActivity: SecurityEventsResult = {
  events: [
    { id: 'a-1', kind: 'sign_in_success', at: AT - 600_000, ip: '203.0.113.7', country: 'FR', city: 'Lyon', browser: 'Safari 17', os: 'iOS', detail: { newDevice: true } },
    { id: 'a-2', kind: 'sign_in_failure', at: AT - 900_000, ip: '203.0.113.7', country: 'FR', city: 'Lyon', browser: 'Safari 17', os: 'iOS', detail: { reason: 'password' } },
    { id: 'a-3', kind: 'mfa_method_added', at: AT - 86_400_000, ip: '198.51.100.4', country: 'DE', city: 'Berlin', browser: 'Chrome 126', os: 'Windows', detail: { method: 'totp' } },
    { id: 'a-4', kind: 'sign_in_success', at: AT - 90_000_000, ip: '198.51.100.4', country: 'DE', city: 'Berlin', browser: 'Chrome 126', os: 'Windows', detail: null },
  ],
  nextCursor: 'more',
  timeZone: null,
};
