import {
  definePlugin,
  type Guard,
  localeFile,
  LOGIN_SLOT_POINT,
  next,
  SIGN_IN_FIELDS_POINT,
} from '@portal/plugin-api';
import type messages from '../../locales/en_US/helpdesk.json';

const PARAMS = ['brand_id', 'locale_id', 'return_to'] as const;

/** The help-desk variant's fields for POST /login (spec section 1: source=zendesk). */
export function helpdeskFields(query: URLSearchParams): Record<string, string> | null {
  if (query.get('source') !== 'zendesk') return null;
  const fields: Record<string, string> = { source: 'zendesk' };
  for (const name of PARAMS) {
    const value = query.get(name);
    if (value) fields[name] = value;
  }
  return fields;
}

/**
 * A help-desk link without a login session goes to the server's help-desk entry first: it
 * signs the help-desk token at once for a signed-in user, or comes back here with a session
 * code (and the three parameters) for everyone else. The server checks return_to.
 */
export const helpdeskEntry: Guard = {
  id: 'helpdesk/entry',
  route: 'login',
  order: 50,
  run(ctx) {
    const fields = helpdeskFields(ctx.query);
    if (!fields || ctx.query.get('session_code')) return next;
    const url = new URL(`${ctx.config.api.global}/helpdesk/sso`, ctx.origin);
    for (const name of PARAMS) if (fields[name]) url.searchParams.set(name, fields[name]);
    return { kind: 'external', url: url.toString() };
  },
};

/** Sign-in for the help desk (source=zendesk with brand_id, locale_id, return_to). */
export default definePlugin({
  id: 'helpdesk',
  guards: [helpdeskEntry],
  locales: {
    helpdesk: localeFile('helpdesk'),
  },
  register(ctx) {
    ctx.contribute(SIGN_IN_FIELDS_POINT, { fields: helpdeskFields, standsInForSessionCode: true });
    // Only a help-desk sign-in shows (and loads) the notice: an ordinary /login fetches none of it.
    ctx.contribute(LOGIN_SLOT_POINT, { area: 'aboveForm', order: 10, component: () => import('./HelpdeskNotice'), shows: (query) => helpdeskFields(query) !== null });
  },
});

// t('helpdesk:…') is type-checked against the English file (core/i18n/resources.ts).
declare module '@portal/plugin-api' {
  interface PortalNamespaces {
    helpdesk: typeof messages;
  }
}
