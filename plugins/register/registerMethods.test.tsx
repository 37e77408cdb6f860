import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definePlugin, type HttpClient, type PluginManifest, REGISTER_METHOD_POINT, type RegionWhiteList, saveInvite } from '@portal/plugin-api';
import { pluginsById, renderPortal, resetRegionWhiteList, testLoginPage, testRegistry } from '@portal/plugin-api/testing';
import register from './index';
import { RegisterMethods } from './RegisterMethods';
import RegisterView from './RegisterView';

const WHITE_LIST: RegionWhiteList = { Use: ['US'], Aps: ['SG'], Euw: ['DE'] };

function fakeHttp() {
  const get = vi.fn(async (path: string) => (path === '/region/white-list' ? WHITE_LIST : path === '/accounts/region' ? { regionCode: null, countryCode: null } : null));
  return { get, post: vi.fn(async () => null) } as unknown as HttpClient & { post: ReturnType<typeof vi.fn> };
}

/** A plugin offering one way of registering: a button named `label`, `height` px tall. */
const method = (id: string, order: number, label: string, height = 48) =>
  definePlugin({
    id,
    register(ctx) {
      ctx.contribute(REGISTER_METHOD_POINT, { order, height, component: async () => ({ default: () => <button type="button">{label}</button> }) });
    },
  });

/** A plugin whose way of registering fails to render. */
const broken = definePlugin({
  id: 'broken-method',
  register(ctx) {
    ctx.contribute(REGISTER_METHOD_POINT, {
      order: 5,
      height: 10,
      component: async () => ({
        default: () => {
          throw new Error('boom');
        },
      }),
    });
  },
});

async function renderMethods(plugins: PluginManifest[], pluginAllowed: (id: string) => boolean = () => true) {
  const registry = await testRegistry(plugins);
  const page = testLoginPage({ views: ['signIn', 'register'], pluginAllowed });
  return renderPortal(page.wrap(<RegisterMethods />), { registry, http: fakeHttp(), path: '/login' });
}

beforeEach(() => resetRegionWhiteList());
afterEach(() => resetRegionWhiteList());

describe('RegisterMethods (REGISTER_METHOD_POINT)', () => {
  it('renders every contributed way of registering, by order rather than by plugin order', async () => {
    await renderMethods([method('third', 30, 'Third way'), method('first', 10, 'First way'), method('second', 20, 'Second way')]);
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(3));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['First way', 'Second way', 'Third way']);
  });

  it('keeps each method’s room (its height) while it loads', async () => {
    const { container } = await renderMethods([method('tall', 10, 'Tall way', 164)]);
    await screen.findByRole('button', { name: 'Tall way' });
    const slot = container.firstElementChild as HTMLElement;
    expect(slot).toContainElement(screen.getByRole('button', { name: 'Tall way' }));
    expect(slot).toHaveStyle({ minHeight: '164px' });
  });

  it('skips the plugins the page does not allow', async () => {
    const allowed = vi.fn((id: string) => id !== 'second');
    await renderMethods([method('first', 10, 'First way'), method('second', 20, 'Second way'), method('third', 30, 'Third way')], allowed);
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(2));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['First way', 'Third way']);
    expect(allowed).toHaveBeenCalledWith('second');
  });

  it('nothing when no plugin contributes a method', async () => {
    const { container } = await renderMethods([method('other', 10, 'Other way')], () => false);
    expect(container).toBeEmptyDOMElement();
  });

  it('a method that breaks is contained by its plugin’s boundary: the others still show', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderMethods([broken, method('fine', 10, 'Fine way')]);
    expect(await screen.findByRole('button', { name: 'Fine way' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-plugin-boundary', 'broken-method');
    expect(error).toHaveBeenCalled();
  });
});

describe('RegisterView: the other ways of registering under the form', () => {
  async function renderRegister(query: string) {
    // The social buttons, loaded by id as boot() loads them (a plugin's tests import no other plugin).
    const [socialSignIn] = await pluginsById('social-sign-in');
    const registry = await testRegistry([register, socialSignIn!, method('extra', 30, 'Extra way')], { 'social-sign-in': { providers: ['google', 'apple'] } });
    const { services, wrap } = testLoginPage({ query: new URLSearchParams(query), views: ['signIn', 'register', 'email', 'social'] });
    renderPortal(wrap(<RegisterView goTo={services.goTo} />), { registry, http: fakeHttp(), path: '/login' });
    await screen.findByRole('heading', { name: 'Create your Unified ID' });
  }

  it('shows them after the form’s own button: the social buttons first (order 15), then the later method', async () => {
    await renderRegister('module=register&session_code=sc-1');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Extra way' })).toBeInTheDocument();
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    const submit = names.indexOf('Create ID');
    expect(submit).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('Continue with Google')).toBeGreaterThan(submit);
    expect(names.indexOf('Continue with Apple')).toBeGreaterThan(names.indexOf('Continue with Google'));
    expect(names.indexOf('Extra way')).toBeGreaterThan(names.indexOf('Continue with Apple'));
  });

  it('shows none for an invitation, which names its address', async () => {
    saveInvite({ invitedEmail: 'invitee@example.com', inviteCode: 'INV-1', orgRegion: 'Euw', status: 'unregistered' });
    await renderRegister('module=register&inviteCode=INV-1&session_code=sc-1');
    expect(screen.getByText('You were invited to join an organization. Create your ID to accept.')).toBeInTheDocument();
    // Give a lazily loaded method the time it would take to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Extra way' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create ID' })).toBeInTheDocument();
  });
});
