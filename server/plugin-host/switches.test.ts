import { describe, expect, it } from 'vitest';
import type { CheckedDeployment } from '../config/configChecks';
import { ApiFailure } from '../http/errors';
import { appTypeOfClient, PluginSwitches, type Asker } from './switches';

/** A checked deployment with just the enabled sets the switches read. */
function served(enabled: CheckedDeployment['enabled']): CheckedDeployment {
  return { file: 'x.json', config: {} as CheckedDeployment['config'], raw: {}, html: '{}', enabled };
}

const all = ['account', 'company', 'security'];
const files: Record<string, CheckedDeployment> = {
  'web.json': served({ Use: ['account', 'security'], Aps: all, Euw: all }),
  'ios.json': served({ Use: ['account'], Aps: ['account'], Euw: ['account'] }),
};
const switches = new PluginSwitches((file) => files[file] ?? null, 'web.json', { partner_app_ios: 'ios.json' });
const web = (region: Asker['region']): Asker => ({ region, appType: null });

function refusal(run: () => void): ApiFailure {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiFailure) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('PluginSwitches', () => {
  it('answers where the web config turns the plugin on, refuses the region it is off in', () => {
    expect(switches.state('company', web('Euw'))).toBe('on');
    expect(switches.state('company', web('Use'))).toBe('off-here');
    const failure = refusal(() => switches.require('company', web('Use')));
    expect(failure.status).toBe(403);
    expect(failure.code).toBe(-19999);
    expect(failure.result).toEqual({ plugin: 'company', offIn: 'Use', appType: null });
    expect(failure.message).toBe('The company service is turned off for the web in region Use.');
  });

  it('reads an app token by its app config, not the web one', () => {
    expect(switches.state('security', { region: 'Euw', appType: 'partner_app_ios' })).toBe('off-here');
    expect(refusal(() => switches.require('security', { region: 'Euw', appType: 'partner_app_ios' })).result).toEqual({ plugin: 'security', offIn: 'Euw', appType: 'partner_app_ios' });
    // An app whose config is not served is judged by the web config.
    expect(switches.state('security', { region: 'Euw', appType: 'partner_app_android' })).toBe('on');
  });

  it('lets a caller of unknown region through where the plugin is on in some region', () => {
    expect(switches.state('company', web(null))).toBe('on');
    expect(switches.state('company', { region: null, appType: 'partner_app_ios' })).toBe('off-here');
  });

  it('treats a plugin off in every served config as an unknown path (404)', () => {
    expect(switches.onAnywhere('migration')).toBe(false);
    expect(switches.onAnywhere('company')).toBe(true);
    const failure = refusal(() => switches.require('migration', web('Euw')));
    expect(failure.status).toBe(404);
    expect(failure.code).toBe(-10010);
  });

  it('follows the served configs as they change (a live edit)', () => {
    let current = files['web.json']!;
    const live = new PluginSwitches((file) => (file === 'web.json' ? current : null), 'web.json', {});
    expect(live.state('company', web('Use'))).toBe('off-here');
    current = served({ Use: all, Aps: all, Euw: all });
    expect(live.state('company', web('Use'))).toBe('on');
  });

  it('knows the partner apps by their client ids', () => {
    expect(appTypeOfClient('partner-app-ios')).toBe('partner_app_ios');
    expect(appTypeOfClient('partner-app-android')).toBe('partner_app_android');
    expect(appTypeOfClient('portal')).toBeNull();
  });

  it('after start, keeps a plugin that was off everywhere then off (its routes were never registered)', () => {
    let current = served({ Use: ['account'], Aps: ['account'], Euw: ['account'] });
    const live = new PluginSwitches((file) => (file === 'web.json' ? current : null), 'web.json', {});
    live.markStarted();
    current = served({ Use: all, Aps: all, Euw: all });
    expect(live.state('company', web('Euw'))).toBe('off-everywhere');
    expect(live.state('account', web('Euw'))).toBe('on');
  });
});
