import { describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_POINT } from '@portal/plugin-api';
import { testRegistry } from '@portal/plugin-api/testing';
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
