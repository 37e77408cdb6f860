import { act, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './ApiError';
import type { HttpClient } from './client';
import { SharedReadsScope } from './SharedReadsScope';
import { useLoaded, type Loaded } from './useLoaded';
import { PortalContext, useHttp } from '../app/context';
import { testDeployment, testRegistry } from '../testing/portalHarness';
import { deferred } from '../testing/deferred';

function Probe({ calls, which, seen }: { calls: Array<ReturnType<typeof deferred<string>>>; which: number; seen: { loaded?: Loaded<string> } }) {
  const load = useCallback(() => {
    const call = deferred<string>();
    calls.push(call);
    return call.promise;
  }, [calls]);
  const loaded = useLoaded(load, which);
  seen.loaded = loaded;
  return <p>{loaded.failure ? `failed ${loaded.failure.code}` : (loaded.data ?? 'loading')}</p>;
}

describe('useLoaded', () => {
  it('loads on mount and shows the answer', async () => {
    const calls: Array<ReturnType<typeof deferred<string>>> = [];
    render(<Probe calls={calls} which={1} seen={{}} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => calls[0]!.resolve('first'));
    expect(screen.getByText('first')).toBeTruthy();
  });

  it('keeps only the latest call: a slow older answer does not overwrite a newer one', async () => {
    const calls: Array<ReturnType<typeof deferred<string>>> = [];
    const seen: { loaded?: Loaded<string> } = {};
    const view = render(<Probe calls={calls} which={1} seen={seen} />);
    view.rerender(<Probe calls={calls} which={2} seen={seen} />);
    expect(calls).toHaveLength(2);
    await act(async () => calls[1]!.resolve('newer'));
    await act(async () => calls[0]!.resolve('older'));
    expect(screen.getByText('newer')).toBeTruthy();
    // The same when a reload overtakes a call: the older one's failure is dropped as well.
    await act(async () => {
      void seen.loaded!.reload();
      void seen.loaded!.reload();
    });
    await act(async () => calls[3]!.resolve('again'));
    await act(async () => calls[2]!.reject(new ApiError(-20100, undefined, 500)));
    expect(screen.getByText('again')).toBeTruthy();
  });

  it('reports a failure, clears it on reload, and resolves reload once the answer shows', async () => {
    const calls: Array<ReturnType<typeof deferred<string>>> = [];
    const seen: { loaded?: Loaded<string> } = {};
    render(<Probe calls={calls} which={1} seen={seen} />);
    await act(async () => calls[0]!.reject(new ApiError(-20100, undefined, 500)));
    expect(screen.getByText('failed -20100')).toBeTruthy();
    let settled = false;
    await act(async () => {
      const reloading = seen.loaded!.reload().then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      calls[1]!.resolve('back');
      await reloading;
    });
    expect(settled).toBe(true);
    expect(screen.getByText('back')).toBeTruthy();
  });

  it('treats an aborted call as no failure, and anything else as an ApiError', async () => {
    const calls: Array<ReturnType<typeof deferred<string>>> = [];
    const seen: { loaded?: Loaded<string> } = {};
    render(<Probe calls={calls} which={1} seen={seen} />);
    await act(async () => calls[0]!.reject(new DOMException('gone', 'AbortError')));
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      const reloading = seen.loaded!.reload();
      calls[1]!.reject(new TypeError('boom'));
      await reloading;
    });
    expect(screen.getByText('failed -1')).toBeTruthy();
  });

  it('puts a known answer in place, over a load still on its way', async () => {
    const calls: Array<ReturnType<typeof deferred<string>>> = [];
    const seen: { loaded?: Loaded<string> } = {};
    render(<Probe calls={calls} which={1} seen={seen} />);
    act(() => seen.loaded!.replace('saved'));
    await act(async () => calls[0]!.resolve('stale'));
    expect(screen.getByText('saved')).toBeTruthy();
  });
});

describe('useLoaded in a SharedReadsScope', () => {
  it('two parts reading the same thing ask once; a reload asked for on purpose asks the server again', async () => {
    const get = vi.fn(async () => `answer ${get.mock.calls.length}`);
    const http = { get } as unknown as HttpClient;
    const seen: { loaded?: Loaded<string> } = {};
    function Part({ keep }: { keep?: boolean }) {
      const client = useHttp();
      const loaded = useLoaded(useCallback(() => client.get<string>('/account/a-1/passkeys'), [client]));
      if (keep) seen.loaded = loaded;
      return <p>{loaded.data ?? 'loading'}</p>;
    }
    render(
      <PortalContext.Provider value={{ http, config: testDeployment, registry: await testRegistry([]), region: 'Euw' }}>
        <SharedReadsScope>
          <Part keep />
          <Part />
        </SharedReadsScope>
      </PortalContext.Provider>,
    );
    expect(await screen.findAllByText('answer 1')).toHaveLength(2);
    expect(get).toHaveBeenCalledTimes(1);
    await act(() => seen.loaded!.reload());
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.getByText('answer 2')).toBeTruthy();
  });
});
