import { afterEach, describe, expect, it, vi } from 'vitest';
import { isBridgeEvent, listenToApp } from './incoming';

const event = { source: 'unified-id-app', v: 1, type: 'accountUpdated' };

describe('isBridgeEvent', () => {
  it('accepts exactly the known shape', () => {
    expect(isBridgeEvent(event)).toBe(true);
  });
  it.each([
    [null],
    ['accountUpdated'],
    [[event]],
    [{ ...event, v: 2 }],
    [{ ...event, type: 'signOut' }],
    [{ ...event, source: 'someone-else' }],
    [{ ...event, extra: 'x' }],
  ])('rejects %j', (data) => {
    expect(isBridgeEvent(data)).toBe(false);
  });
});

describe('listenToApp', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  function deliver(init: MessageEventInit) {
    window.dispatchEvent(new MessageEvent('message', init));
  }

  it('passes a message from this window and this origin', () => {
    const onEvent = vi.fn();
    stop = listenToApp(window, onEvent);
    deliver({ data: event, origin: window.location.origin, source: window });
    expect(onEvent).toHaveBeenCalledWith(event);
  });

  it('ignores another origin, another sender, or another shape', () => {
    const onEvent = vi.fn();
    stop = listenToApp(window, onEvent);
    deliver({ data: event, origin: 'https://evil.example', source: window });
    deliver({ data: event, origin: window.location.origin, source: null });
    deliver({ data: { ...event, type: 'tokens', accessToken: 'x' }, origin: window.location.origin, source: window });
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('stops listening when asked', () => {
    const onEvent = vi.fn();
    listenToApp(window, onEvent)();
    deliver({ data: event, origin: window.location.origin, source: window });
    expect(onEvent).not.toHaveBeenCalled();
  });
});
