import { configSchema } from './config';
import { AUTHORIZE_DEFAULTS, startPlan } from './loginStart';

describe('the start script of a bare /login', () => {
  it("knows the plugin's defaults (it cannot ship the config shape)", () => {
    expect(configSchema.parse({})).toEqual(AUTHORIZE_DEFAULTS);
  });

  it('sends what the authorize entry would: the config, the language by the app\'s order, the return address', () => {
    const config = { api: { global: '/gw' }, defaultLanguage: 'fr_FR', plugins: { authorize: { enabled: true, config: { clientId: 'own', scope: 'openid' } } } };
    expect(startPlan(config, '?return_to=%2FaccountSetting', null)).toEqual({
      apiBase: '/gw',
      authorize: { clientId: 'own', redirectPath: '/token', scope: 'openid' },
      language: 'fr_FR',
      returnTo: '/accountSetting',
    });
    expect(startPlan(config, '', 'de_DE').language).toBe('de_DE');
    expect(startPlan(config, '?lang=ja_JP', 'de_DE').language).toBe('ja_JP');
    // Unknown codes are passed over, as the app does.
    expect(startPlan(config, '?lang=xx', 'yy').language).toBe('fr_FR');
    expect(startPlan({}, '', null)).toEqual({ apiBase: '/api', authorize: AUTHORIZE_DEFAULTS, language: 'en_US', returnTo: null });
  });
});
