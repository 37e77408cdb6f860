import { describe, expect, it, vi } from 'vitest';
import { createBridge } from './bridge';

function fakeWindow(extra: Record<string, unknown>): Window {
  return extra as unknown as Window;
}

describe('createBridge', () => {
  it('Android: posts the versioned call as JSON to the injected interface', () => {
    const postMessage = vi.fn();
    const bridge = createBridge('partner_app_android', fakeWindow({ UnifiedIdAndroid: { postMessage } }));
    expect(bridge.signOut()).toBe('sent');
    expect(bridge.refreshAccount()).toBe('sent');
    expect(postMessage.mock.calls.map((c) => JSON.parse(c[0] as string))).toEqual([
      { v: 1, type: 'signOut', appType: 'partner_app_android' },
      { v: 1, type: 'refreshAccount', appType: 'partner_app_android' },
    ]);
  });

  it('iOS: posts the call object to the message handler', () => {
    const postMessage = vi.fn();
    const bridge = createBridge('partner_app_ios', fakeWindow({ webkit: { messageHandlers: { unifiedId: { postMessage } } } }));
    expect(bridge.signOut()).toBe('sent');
    expect(postMessage).toHaveBeenCalledWith({ v: 1, type: 'signOut', appType: 'partner_app_ios' });
  });

  it('hands a page of the portal\'s own origin to the device\'s browser; any other address never reaches the app', () => {
    const postMessage = vi.fn();
    const bridge = createBridge('partner_app_ios', fakeWindow({ location: { origin: 'https://id.example' }, webkit: { messageHandlers: { unifiedId: { postMessage } } } }));
    expect(bridge.openExternal('https://id.example/social/app-link#token=t1')).toBe('sent');
    expect(postMessage).toHaveBeenCalledWith({ v: 1, type: 'openExternal', appType: 'partner_app_ios', url: 'https://id.example/social/app-link#token=t1' });
    for (const other of ['https://evil.example/', 'https://id.example.evil.example/', 'javascript:alert(1)', 'not a url', 'http://id.example/']) expect(bridge.openExternal(other)).toBe('failed');
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it('reports a missing bridge instead of throwing', () => {
    expect(createBridge('partner_app_android', fakeWindow({})).signOut()).toBe('missing');
    expect(createBridge('partner_app_android', fakeWindow({ UnifiedIdAndroid: {} })).signOut()).toBe('missing');
    expect(createBridge('partner_app_ios', fakeWindow({ webkit: {} })).refreshAccount()).toBe('missing');
    // The other platform's bridge does not count.
    expect(createBridge('partner_app_ios', fakeWindow({ UnifiedIdAndroid: { postMessage: vi.fn() } })).signOut()).toBe('missing');
  });

  it('reports a bridge that throws as failed', () => {
    const bridge = createBridge('partner_app_android', fakeWindow({ UnifiedIdAndroid: { postMessage: () => { throw new Error('gone'); } } }));
    expect(bridge.signOut()).toBe('failed');
  });

  it('finds a bridge injected after the page started', () => {
    const win: Record<string, unknown> = {};
    const bridge = createBridge('partner_app_android', fakeWindow(win));
    expect(bridge.refreshAccount()).toBe('missing');
    win.UnifiedIdAndroid = { postMessage: vi.fn() };
    expect(bridge.refreshAccount()).toBe('sent');
  });
});
