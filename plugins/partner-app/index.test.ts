import { describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_POINT } from '@portal/plugin-api';
import { buildRegistry, testDeployment, testRegistry } from '@portal/plugin-api/testing';
import partnerApp from './index';
import { startApp } from './startApp';

const signOut = { signOut: async () => true };

vi.mock('./startApp', () => ({
  startApp: vi.fn(async (_appType: string, ctx: { contribute: (point: typeof SIGN_OUT_POINT, value: typeof signOut) => void }) => {
    ctx.contribute(SIGN_OUT_POINT, signOut);
    return () => undefined;
  }),
}));

describe('partner-app manifest', () => {
  it('reads the launch once, and a registry rebuilt for another region gets the same contributions', async () => {
    const config = { 'partner-app': { appType: 'partner_app_android' } };
    const first = await testRegistry([partnerApp], config);
    const second = await testRegistry([partnerApp], config);

    expect(startApp).toHaveBeenCalledTimes(1);
    for (const registry of [first, second]) {
      expect(registry.getContributions(SIGN_OUT_POINT)).toEqual([signOut]);
      expect(registry.guardsFor('accountSetting').map((g) => g.id)).toContain('partner-app/launch/accountSetting');
    }
  });
});

describe('partner-app config', () => {
  it.each(['com.vendor.partnerapp://unified-id/linked', 'https://app.vendor.example/unified-id/linked', 'partnerapp:linked'])('takes the return address %s', async (returnUri) => {
    await expect(testRegistry([partnerApp], { 'partner-app': { appType: 'partner_app_ios', returnUri } })).resolves.toBeDefined();
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,hi', 'http://app.vendor.example/', 'file:///etc/passwd', 'vbscript:x', '//app.vendor.example/', 'no scheme', 'app:// with spaces'])('refuses the return address %s', async (returnUri) => {
    await expect(buildRegistry([partnerApp], { 'partner-app': { enabled: true, config: { appType: 'partner_app_ios', returnUri } } }, testDeployment)).rejects.toThrow("Plugin 'partner-app': config field 'returnUri': must be the app's own scheme");
  });
});
