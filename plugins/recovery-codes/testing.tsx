import { vi } from 'vitest';
import { ApiError, type HttpClient, type InterruptProps, LOGIN_INTERRUPT_POINT, type MfaRequiredResult, type Registry } from '@portal/plugin-api';
import { pluginsById, renderPortal, testRegistry } from '@portal/plugin-api/testing';
import recoveryCodes from './index';

export const challenge: MfaRequiredResult = {
  supportedMFATypes: [3],
  primaryMFAType: 3,
  MFAEmail: 'mi***@example.com',
  MFAProcessId: 'proc-1',
  expiresIn: 600,
  recoveryCodes: 7,
  trustDeviceDays: 30,
};

/** The MFA plugin's step, loaded by id as the login page would, with this plugin (and others by id) beside it. */
export async function mfaStepWith(extraIds: string[] = []): Promise<{ registry: Registry; Step: React.ComponentType<InterruptProps> }> {
  const registry = await testRegistry([recoveryCodes, ...(await pluginsById('mfa', ...extraIds))]);
  const step = registry.getContributions(LOGIN_INTERRUPT_POINT).find((i) => i.codes.includes(-20677))!;
  return { registry, Step: (await step.view()).default };
}

export async function renderMfaStep(options: { result?: MfaRequiredResult; retry?: InterruptProps['retry']; extraIds?: string[] } = {}) {
  const { registry, Step } = await mfaStepWith(options.extraIds);
  const props = {
    error: new ApiError<unknown>(-20677, 'MFA required', 400, options.result ?? challenge),
    call: 'signIn' as const,
    form: { email: 'mfa@example.com', password: 'Demo-pass-2024' },
    retry: vi.fn(options.retry ?? (async () => undefined)),
    cancel: vi.fn(),
    goTo: vi.fn(),
  };
  const http = { get: vi.fn(async () => null), post: vi.fn(async () => null) } as unknown as HttpClient;
  return { ...renderPortal(<Step {...props} />, { registry, http }), props };
}
