// What the plugin needs, pure like every config.ts: the server and `npm run config:check` read it.

/**
 * "Don't ask again on this device" is an option of the MFA step: without mfa there is no step to
 * offer it on, so a config that turns mfa off where this plugin is on is refused.
 */
export const needs = ['mfa'] as const;
