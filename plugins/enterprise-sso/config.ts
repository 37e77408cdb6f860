// What the plugin needs, pure like every config.ts: the server and `npm run config:check` read it.

/**
 * Enterprise sign-in belongs to companies: their owners connect a provider on the Company pages, and
 * a first sign-in makes a member. Without the company plugin there is no one to connect it, so a
 * config that turns company off where this plugin is on is refused.
 */
export const needs = ['company'] as const;
