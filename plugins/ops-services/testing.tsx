/**
 * Canned console calls and the console's session for the services section's stories and
 * component tests: answers by `METHOD path`, an ApiError to fail, a function to answer from the
 * body (or a promise that never settles: loading), every call recorded.
 */
import { ConsoleContext, OpsClientContext, type ConsoleSession, type OperatorMe, type OpsClient, type Registry } from '@portal/plugin-api';
import { cannedOps, consoleStandIn, pendingHttp, renderPortal, testRegistry, type CannedOpsAnswer } from '@portal/plugin-api/testing';
import type { ReactNode } from 'react';
import { SERVICES_CALLS as C, type BaseThemeColors, type ServiceItem, type ServiceList } from './contract';
import opsServices from './index';
import { ServicesView } from './ServicesView';

export type { CannedOps } from '@portal/plugin-api/testing';
export type CannedAnswer = CannedOpsAnswer;
export { cannedOps };

export const OPERATOR_ME: OperatorMe = { id: 'op-2', email: 'olga.operator@vendor.example', role: 'operator', permissions: ['read', 'configure'], passkeys: 1, totp: true, confirmedUntil: 0 };
export const VIEWER_ME: OperatorMe = { id: 'op-3', email: 'vik.viewer@vendor.example', role: 'viewer', permissions: ['read'], passkeys: 0, totp: true, confirmedUntil: 0 };

/** The default and midnight themes' colours, as `GET /services/themes` answers. */
export const THEMES: BaseThemeColors[] = [
  {
    name: 'default',
    colors: { primary: '#0b57d0', primaryHover: '#0842a0', primaryText: '#ffffff', text: '#1f1f1f', textMuted: '#5f6368', background: '#f6f8fc', surface: '#ffffff', border: '#c4c7c5', danger: '#b3261e' },
    font: { family: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
    radius: { sm: '4px', md: '8px', lg: '16px' },
  },
  {
    name: 'midnight',
    colors: { primary: '#8ab4f8', primaryHover: '#aecbfa', primaryText: '#0b1c33', text: '#e8eaed', textMuted: '#bdc1c6', background: '#121417', surface: '#1f2227', border: '#5f6368', danger: '#f2b8b5' },
    font: { family: 'system-ui, sans-serif' },
    radius: { sm: '4px', md: '8px', lg: '16px' },
  },
];

export const SERVICES: ServiceItem[] = [
  {
    id: 'billing',
    name: 'Billing',
    redirectUris: ['https://billing.example/callback'],
    postLogoutRedirectUris: ['https://billing.example/'],
    grantTypes: ['authorization_code', 'refresh_token'],
    tokenEndpointAuthMethod: 'client_secret_basic',
    branding: { title: 'Billing', theme: { name: 'default', overrides: { colors: { primary: '#0a6b47' } } } },
    confidential: true,
    previousSecretUntil: Date.UTC(2026, 10, 30, 12, 0),
  },
  {
    id: 'field-app',
    name: 'Field service app with a rather long name',
    redirectUris: ['http://127.0.0.1:8765/callback', 'https://field.example/oauth/callback/with/a/long/path'],
    confidential: false,
    previousSecretUntil: null,
  },
];

export const LIST: ServiceList = { version: 7, services: SERVICES };

export const BASE_ANSWERS: Record<string, CannedAnswer> = { [`GET ${C.services}`]: LIST, [`GET ${C.themes}`]: THEMES };

/** The console's session as the ops-console plugin gives it; `confirm` says yes unless told. */
export function consoleSession(me: OperatorMe, confirm: () => Promise<boolean> = async () => true): ConsoleSession {
  return { me, confirm, reload: async () => undefined, signOut: async () => undefined };
}

/** The section inside the console's contexts, as the console mounts it. */
export function ServicesInConsole({ ops, me, children }: { ops: OpsClient; me: OperatorMe; children?: ReactNode }) {
  return (
    <OpsClientContext.Provider value={ops}>
      <ConsoleContext.Provider value={consoleSession(me)}>{children ?? <ServicesView />}</ConsoleContext.Provider>
    </OpsClientContext.Provider>
  );
}

/** A registry with the section and the console's point. */
export function servicesRegistry(): Promise<Registry> {
  return testRegistry([consoleStandIn, opsServices]);
}

/** Component tests' way in: the section at /ops/services with canned calls. */
export async function renderServices(me: OperatorMe, answers: Record<string, CannedAnswer>) {
  const ops = cannedOps({ ...BASE_ANSWERS, ...answers });
  const registry = await servicesRegistry();
  const result = renderPortal(<ServicesInConsole ops={ops} me={me} />, { registry, http: pendingHttp, path: '/ops/services' });
  return { ...result, ops };
}
