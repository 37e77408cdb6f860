/** A section of the ops console: on in the console's config (OPS_CONFIG) only, and with the console's shell. */
export const surface = 'console' as const;
export const needs = ['ops-console'] as const;
