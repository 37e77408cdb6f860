// What the plugin needs, pure like every config.ts: the server and `npm run config:check` read it.

/**
 * Recovery codes pass the MFA step and are made beside the second factor on the Security page:
 * without mfa there is no step to pass, so a config that turns mfa off where this plugin is on is refused.
 */
export const needs = ['mfa'] as const;
