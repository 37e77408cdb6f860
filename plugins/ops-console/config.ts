/** Part of the ops console: on in the console's config (OPS_CONFIG) only, never on the portal's pages. */
export const surface = 'console' as const;
