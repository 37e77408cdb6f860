import { act, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import type { ServicesFor } from '../boot/servicesForRegion';
import { ConfigError } from '../config/loadConfig';
import type { RegionCode } from '../contract/regions';
import type { HttpClient } from '../http/client';
import { definePlugin } from '../registry/definePlugin';
import { Registry } from '../registry/registry';
import { AppRouter } from '../router/AppRouter';
import { appStore, clearSession, followOtherTabs, regionAtom, saveTokens, setRegion, setUser } from '../session/session';
import { testDeployment, testRegistry } from '../testing/portalHarness';
import { renderWithProviders } from '../testing/render';
import { usePortal, type PortalServices } from './context';
import { RegionalServices } from './RegionalServices';

const http = {} as HttpClient;
const servicesOf = (region: RegionCode): PortalServices => ({ config: testDeployment, registry: new Registry(), http, region });

/** A servicesFor whose builds finish when the test says so. */
function controlledBuilds() {
  const pending = new Map<RegionCode, { resolve: (s: PortalServices) => void; reject: (e: unknown) => void }>();
  const servicesFor = vi.fn<ServicesFor>(
    (region) => new Promise<PortalServices>((resolve, reject) => pending.set(region, { resolve, reject })),
  );
  const finish = async (region: RegionCode, services = servicesOf(region)) => {
    await act(async () => pending.get(region)!.resolve(services));
    return services;
  };
  const fail = async (region: RegionCode, error: unknown) => {
    await act(async () => pending.get(region)!.reject(error));
  };
  return { servicesFor, finish, fail };
}

type Seen = { region: RegionCode; registry: Registry; path: string };

/** A page that records every render: which services it saw, and where. */
function Probe({ seen, mounts }: { seen: Seen[]; mounts: { count: number } }) {
  const { region, registry } = usePortal();
  const [path] = useLocation();
  seen.push({ region, registry, path });
  useEffect(() => {
    mounts.count += 1;
  }, [mounts]);
  return <p data-testid="page">{`${region} ${path}`}</p>;
}

function start(path: string, initial = servicesOf('Euw')) {
  window.history.replaceState(null, '', path);
  const builds = controlledBuilds();
  const seen: Seen[] = [];
  const mounts = { count: 0 };
  renderWithProviders(
    <RegionalServices initial={initial} servicesFor={builds.servicesFor}>
      <Probe seen={seen} mounts={mounts} />
    </RegionalServices>,
    { store: appStore },
  );
  return { ...builds, seen, mounts, initial };
}

describe('RegionalServices', () => {
  beforeEach(() => appStore.set(regionAtom, null));

  it('shows the loading state, not the account page, while the new region is built; then that region', async () => {
    const { finish, seen, initial, servicesFor } = start('/accountSetting/myProfile');
    expect(screen.getByTestId('page')).toHaveTextContent('Euw /accountSetting/myProfile');
    const before = seen.length;

    act(() => setRegion('Use'));
    expect(screen.queryByTestId('page')).toBeNull();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(servicesFor).toHaveBeenCalledWith('Use');

    const use = await finish('Use');
    expect(screen.getByTestId('page')).toHaveTextContent('Use /accountSetting/myProfile');
    // No flash: after the change the page never rendered with the old registry.
    expect(seen.slice(before).every((s) => s.registry === use.registry)).toBe(true);
    expect(seen.some((s) => s.registry === initial.registry && s.region === 'Use')).toBe(false);
  });

  it('sign-out returns to the default region, whose services it already has', async () => {
    const { finish, servicesFor, initial, seen } = start('/accountSetting/account');
    act(() => setRegion('Use'));
    await finish('Use');
    act(() => clearSession());
    expect(screen.getByTestId('page')).toHaveTextContent('Euw /accountSetting/account');
    expect(seen.at(-1)!.registry).toBe(initial.registry);
    expect(servicesFor).toHaveBeenCalledTimes(1);

    // Back in Use: built before, so no second build and no loading state.
    act(() => setRegion('Use'));
    expect(screen.getByTestId('page')).toHaveTextContent('Use /accountSetting/account');
    expect(servicesFor).toHaveBeenCalledTimes(1);
  });

  it('an entry page keeps its services until it navigates away (the token exchange is not interrupted)', async () => {
    const { finish, seen, mounts } = start('/token');
    act(() => setRegion('Use'));
    const use = await finish('Use');
    expect(screen.getByTestId('page')).toHaveTextContent('Euw /token');
    expect(mounts.count).toBe(1);

    const before = seen.length;
    act(() => navigate('/accountSetting', { replace: true }));
    expect(screen.getByTestId('page')).toHaveTextContent('Use /accountSetting');
    expect(seen.slice(before).every((s) => s.registry === use.registry)).toBe(true);
  });

  it('navigating from an entry page before the build is done shows the loading state', async () => {
    const { finish, seen } = start('/token');
    act(() => setRegion('Use'));
    act(() => navigate('/accountSetting', { replace: true }));
    expect(screen.queryByTestId('page')).toBeNull();
    expect(seen.some((s) => s.path === '/accountSetting' && s.region === 'Euw')).toBe(false);
    await finish('Use');
    expect(screen.getByTestId('page')).toHaveTextContent('Use /accountSetting');
  });

  it('follows a region another tab stored', async () => {
    const stop = followOtherTabs();
    try {
      const { finish } = start('/accountSetting/myProfile');
      localStorage.setItem('region', 'Aps');
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: 'region', newValue: 'Aps' }));
      });
      expect(screen.queryByTestId('page')).toBeNull();
      await finish('Aps');
      expect(screen.getByTestId('page')).toHaveTextContent('Aps /accountSetting/myProfile');

      // The other tab signed out (storage cleared): back to the default region here too.
      localStorage.clear();
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: null }));
      });
      expect(screen.getByTestId('page')).toHaveTextContent('Euw /accountSetting/myProfile');
    } finally {
      stop();
    }
  });

  it("names the field when a region's plugin config is invalid", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fail } = start('/accountSetting');
    act(() => setRegion('Aps'));
    await fail('Aps', new ConfigError("Plugin 'help': config field 'helpUrl': must be an https URL"));
    expect(screen.getByRole('alert')).toHaveTextContent("config field 'helpUrl'");
    expect(screen.queryByTestId('page')).toBeNull();
  });

  it("the session guard's user load: an account page of the old region's plugins never appears", async () => {
    const page = (text: string) => () => Promise.resolve({ default: () => <p>{text}</p> });
    const profile = definePlugin({
      id: 'profile-pages',
      routes: [{ path: 'myProfile', parent: 'accountSetting', view: page('profile page') }],
      menu: [{ id: 'profile', path: 'myProfile', labelKey: 'profile:menu', order: 10 }],
    });
    const security = definePlugin({
      id: 'security-pages',
      routes: [{ path: 'security', parent: 'accountSetting', view: page('security page') }],
      menu: [{ id: 'security', path: 'security', labelKey: 'security:menu', order: 20 }],
    });
    const user = {
      accountId: 'a', avatar: null, id: 'u', email: 'u@x.test', phone: null, identityProvider: 'vendorId', uuidProvider: 'x',
      firstName: 'U', lastName: 'X', region: 'Use' as const, language: 'en_US',
    };
    const fakeHttp = { get: vi.fn(async () => user), post: vi.fn(async () => null) } as unknown as HttpClient;
    const euw: PortalServices = { config: testDeployment, registry: await testRegistry([profile, security]), http: fakeHttp, region: 'Euw' };
    const use: PortalServices = { config: testDeployment, registry: await testRegistry([profile]), http: fakeHttp, region: 'Use' };
    setUser(null);
    saveTokens({ accessToken: 'a', refreshToken: 'r' });
    window.history.replaceState(null, '', '/accountSetting/security');

    const seenSecurity: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.body.textContent?.includes('Security') || document.body.textContent?.includes('security page')) seenSecurity.push(window.location.pathname);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      renderWithProviders(
        <RegionalServices initial={euw} servicesFor={async (region) => (region === 'Use' ? use : euw)}>
          <Suspense fallback={null}>
            <AppRouter />
          </Suspense>
        </RegionalServices>,
        { store: appStore },
      );
      // The first view is a cold lazy import: on a loaded 2-core machine that can take over a second.
      expect(await screen.findByText('profile page', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(window.location.pathname).toBe('/accountSetting/myProfile');
      expect(screen.getByRole('navigation', { name: 'Account menu' })).toHaveTextContent('My Profile');
      expect(seenSecurity).toEqual([]);
    } finally {
      observer.disconnect();
      setUser(null);
    }
  });
});
