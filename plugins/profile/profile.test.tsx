import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ConflictInfoResult,
  definePlugin,
  dismissToast,
  getToast,
  type HttpClient,
  type PluginManifest,
  type UserProfile,
} from '@portal/plugin-api';
import { appStore, renderPortal, resetRegionWhiteList, testRegistry, userAtom } from '@portal/plugin-api/testing';
import profilePlugin from './index';
import ProfilePage from './ProfilePage';
import { noConflict, sampleProfile, sampleWhiteList, WINTER } from './testFixtures';

type Post = (path: string, body?: unknown, options?: { form?: FormData }) => Promise<unknown>;

/** The server at the HTTP boundary: profile reads, the white-list, and whatever `post` answers. */
function fakeHttp(options: { profile?: UserProfile; post?: Post; conflict?: ConflictInfoResult } = {}) {
  const current = { ...(options.profile ?? sampleProfile) };
  const get = vi.fn(async (path: string) => (path === '/user-info' ? current : path === '/region/white-list' ? sampleWhiteList : null));
  const defaultPost: Post = async (path, body) => {
    if (path === '/accounts/conflictInfo') return options.conflict ?? noConflict;
    if (path === '/account/updateInfo') return { ...current, ...(body as object) };
    if (path === '/accounts/avatar/upload') return { avatarFileId: 'f'.repeat(32), url: '/api/files/euw/new' };
    if (path === '/accounts/avatar/update') return { ...current, avatar: '/api/files/euw/new' };
    return null;
  };
  const post = vi.fn<Post>(async (path, body, opts) => {
    if (path !== '/accounts/conflictInfo' && options.post) return options.post(path, body, opts);
    return defaultPost(path, body, opts);
  });
  return { get, post } as unknown as HttpClient & { get: typeof get; post: typeof post };
}

async function renderProfile(http: HttpClient, props: { initialMode?: 'view' | 'edit' } = {}, others: PluginManifest[] = []) {
  const registry = await testRegistry([profilePlugin, ...others]);
  const utils = renderPortal(<ProfilePage referenceDate={WINTER} {...props} />, { registry, http, path: '/accountSetting/myProfile' });
  await screen.findByRole('heading', { name: 'My Profile', level: 1 });
  await screen.findByLabelText('Choose an avatar image'); // the profile has loaded
  return utils;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (name: string) => screen.getByLabelText(new RegExp(`^${escape(name)}\\*?$`), { selector: 'input' }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /^(Save|Saving…)$/ });
const postsTo = (http: { post: { mock: { calls: unknown[][] } } }, path: string) => http.post.mock.calls.filter((c) => c[0] === path);

async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  await screen.findByRole('heading', { name: 'Edit profile' });
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, search: string, option: RegExp) {
  const input = screen.getByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  resetRegionWhiteList();
  dismissToast();
  appStore.set(userAtom, null);
});

describe('profile plugin manifest', () => {
  it('contributes the myProfile child route, the "My Profile" menu entry (order 10) and its namespace', async () => {
    const registry = await testRegistry([profilePlugin]);
    expect(registry.routes.map((r) => [r.pluginId, r.value.parent, r.value.path, r.value.titleKey])).toEqual([['profile', 'accountSetting', 'myProfile', 'profile:title']]);
    expect(registry.menu.map((m) => [m.value.id, m.value.path, m.value.labelKey, m.value.order])).toEqual([['profile', 'myProfile', 'profile:menu', 10]]);
    expect(registry.namespaces.map((n) => n.value)).toEqual(['profile']);
  });
});

describe('ProfilePage: view mode', () => {
  it('shows the profile from GET /user-info: translated position, country name, time zone with its offset', async () => {
    const http = fakeHttp();
    await renderProfile(http);
    expect(await screen.findByText('Developer')).toBeInTheDocument();
    expect(screen.getByText('Czechia')).toBeInTheDocument();
    expect(screen.getByText('(UTC+01:00) Europe/Prague')).toBeInTheDocument();
    expect(screen.getByText('601234567')).toBeInTheDocument();
    expect(screen.getByText('ana.novak@partner-example.com')).toBeInTheDocument();
    expect(screen.getByText('Do not upload company data or other brand files.')).toBeInTheDocument();
    expect(http.get).toHaveBeenCalledWith('/user-info');
  });

  it('shows a position the user added as typed, and "Not set" for empty fields', async () => {
    await renderProfile(fakeHttp({ profile: { ...sampleProfile, jobTitle: 'Solutions architect', nickname: null, phone: null, timezone: null, country: null } }));
    expect(await screen.findByText('Solutions architect')).toBeInTheDocument();
    expect(screen.getAllByText('Not set')).toHaveLength(4);
  });

  it('shows a retry when the profile cannot be loaded, and loads it on retry', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    http.get.mockImplementationOnce(async () => Promise.reject(new ApiError(-10000, 'boom', 500)));
    const registry = await testRegistry([profilePlugin]);
    renderPortal(<ProfilePage referenceDate={WINTER} />, { registry, http });
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'An unexpected error occurred. Please try again later.' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Developer')).toBeInTheDocument();
  });
});

describe('ProfilePage: edit and cancel', () => {
  it('opens the form with the current values, focused on the first name', async () => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp());
    await openEditor(user);
    expect(field('First name')).toHaveValue('Ana');
    expect(field('First name')).toHaveFocus();
    expect(field('Last name')).toHaveValue('Novák');
    expect(field('Nickname')).toHaveValue('ana');
    expect(field('Phone (optional)')).toHaveValue('601234567');
    expect(screen.getByRole('combobox', { name: 'Job title' })).toHaveValue('Developer');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('(UTC+01:00) Europe/Prague');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country/region' })).toHaveValue('Czechia'));
    expect(field('Email')).toHaveAttribute('readonly');
  });

  it('a custom job title opens as "Add a new position" with the text filled in', async () => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp({ profile: { ...sampleProfile, jobTitle: 'Solutions architect' } }));
    await openEditor(user);
    expect(screen.getByRole('combobox', { name: 'Job title' })).toHaveValue('Add a new position');
    expect(field('New position')).toHaveValue('Solutions architect');
  });

  it('cancel discards what was typed, calls nothing and gives focus back to the Edit button', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await openEditor(user);
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(postsTo(http, '/account/updateInfo')).toHaveLength(0);
  });
});

describe('ProfilePage: validation on blur (spec section 5)', () => {
  it.each([
    ['First name', '', 'This field is required'],
    ['Last name', '', 'This field is required'],
    ['First name', 'a'.repeat(101), 'At most 100 characters.'],
    ['Last name', 'Smile 😀', 'This field contains characters that are not supported.'],
    ['First name', 'Ana@home', 'These characters are not allowed: " \' \\ ; : < @'],
    ['Last name', 'No;vak', 'These characters are not allowed: " \' \\ ; : < @'],
    ['Phone (optional)', '123', 'Enter 4 to 12 digits only (no spaces, + or dashes).'],
    ['Phone (optional)', '1234567890123', 'Enter 4 to 12 digits only (no spaces, + or dashes).'],
    ['Phone (optional)', '+420601234', 'Enter 4 to 12 digits only (no spaces, + or dashes).'],
    ['Nickname', 'n'.repeat(101), 'The nickname can have at most 100 characters.'],
    ['Nickname', 'a>b', 'These characters are not allowed: " \' \\ ; : < > @'],
    ['Nickname', 'emoji 🎉', 'This field contains characters that are not supported.'],
  ])('%s %j: %s', async (label, value, message) => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await openEditor(user);
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.click(saveButton());
    expect(postsTo(http, '/account/updateInfo')).toHaveLength(0);
  });

  it.each([
    ['Phone (optional)', ''],
    ['Phone (optional)', '1234'],
    ['Phone (optional)', '123456789012'],
    ['Nickname', ''],
    ['First name', 'a'.repeat(100)],
  ])('%s %j passes', async (label, value) => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp());
    await openEditor(user);
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
    await user.tab();
    await waitFor(() => expect(field(label)).not.toHaveAttribute('aria-invalid'));
  });

  it.each([
    ['', 'This field is required'],
    ['p'.repeat(101), 'The position can have at most 100 characters.'],
    ['Head: sales', 'These characters are not allowed: " \' \\ ; : < @'],
  ])('a new position %j is refused: %s', async (value, message) => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await openEditor(user);
    await pick(user, 'Job title', 'new', /^Add a new position/);
    const input = field('New position');
    await user.click(input);
    // Empty: typed in, then emptied (a field nobody typed in says nothing on blur).
    await user.type(input, value || 'x');
    if (!value) await user.clear(input);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('New position')).toHaveAttribute('aria-invalid', 'true');
    await user.click(saveButton());
    expect(postsTo(http, '/account/updateInfo')).toHaveLength(0);
  });
});

describe('ProfilePage: saving', () => {
  it('sends every field, refreshes the user, confirms, returns to view mode with focus on Edit', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await openEditor(user);
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Anna');
    await user.clear(field('Nickname'));
    await pick(user, 'Job title', 'IT', /^IT manager/);
    await pick(user, 'Time zone', 'Tokyo', /Asia\/Tokyo/);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country/region' })).toBeEnabled());
    await pick(user, 'Country/region', 'Germ', /^Germany/);
    await user.clear(field('Phone (optional)'));
    await user.type(field('Phone (optional)'), '4930123456');
    await user.click(saveButton());

    expect(await screen.findByRole('button', { name: 'Edit profile' })).toHaveFocus();
    expect(postsTo(http, '/account/updateInfo')).toEqual([
      [
        '/account/updateInfo',
        {
          email: sampleProfile.email,
          accountId: sampleProfile.accountId,
          firstName: 'Anna',
          lastName: 'Novák',
          nickname: null,
          jobTitle: 'IT manager',
          phone: '4930123456',
          country: 'DE',
          timezone: 'Asia/Tokyo',
        },
      ],
    ]);
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Your profile has been updated.' });
    expect(appStore.get(userAtom)).toMatchObject({ firstName: 'Anna' });
    expect(screen.getByText('Anna')).toBeInTheDocument();
    expect(screen.getByText('IT manager')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('(UTC+09:00) Asia/Tokyo')).toBeInTheDocument();
    // Conflicts are checked again after a save (a completed profile can end one).
    expect(postsTo(http, '/accounts/conflictInfo')).toHaveLength(2);
    // It types into every field of the form (jsdom): seconds on an idle machine, over 20 on a loaded CI one.
  }, 60_000);

  it('saves a new position as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await openEditor(user);
    await pick(user, 'Job title', 'new', /^Add a new position/);
    await user.type(field('New position'), '  Solutions architect ');
    await user.click(saveButton());
    await screen.findByRole('button', { name: 'Edit profile' });
    expect(postsTo(http, '/account/updateInfo')[0]![1]).toMatchObject({ jobTitle: 'Solutions architect' });
    expect(screen.getByText('Solutions architect')).toBeInTheDocument();
  });

  it('keeps a job title typed into the list that matches no position: it becomes the new position, saved as typed', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await openEditor(user);
    const input = screen.getByRole('combobox', { name: 'Job title' });
    await user.clear(input);
    await user.type(input, 'Head of IT');
    await user.tab();
    expect(field('New position')).toHaveValue('Head of IT');
    await user.click(saveButton());
    await screen.findByRole('button', { name: 'Edit profile' });
    expect(postsTo(http, '/account/updateInfo')[0]![1]).toMatchObject({ jobTitle: 'Head of IT' });
  });

  it('keeps Save busy and Cancel disabled while saving, and sends once', async () => {
    const user = userEvent.setup({ delay: null });
    let answer!: (value: unknown) => void;
    const http = fakeHttp({ post: () => new Promise((resolve) => (answer = resolve)) });
    await renderProfile(http);
    await openEditor(user);
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('aria-busy', 'true'));
    expect(saveButton()).toHaveAccessibleName('Saving…');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(saveButton());
    expect(postsTo(http, '/account/updateInfo')).toHaveLength(1);
    await act(async () => answer({ ...sampleProfile }));
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('a failed save keeps everything typed and shows the catalogue message through the core handler', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-10000, 'boom', 500)) });
    await renderProfile(http);
    await openEditor(user);
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Kept');
    await user.click(saveButton());
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'An unexpected error occurred. Please try again later.' }));
    expect(field('First name')).toHaveValue('Kept');
    expect(saveButton()).not.toHaveAttribute('aria-busy');
    expect(appStore.get(userAtom)).toBeNull();
  });

  it.each([
    [new ApiError(-20620, 'bad nick', 400), 'Nickname', 'Invalid nickname.'],
    [new ApiError(-10020, 'phone is invalid', 400, { field: 'phone' }), 'Phone (optional)', 'Invalid parameter.'],
    [new ApiError(-10020, 'lastName is invalid', 400, { field: 'lastName' }), 'Last name', 'Invalid parameter.'],
    [new ApiError(-40023, 'xss', 400, { field: 'firstName' }), 'First name', 'The request contains unsafe content.'],
  ])('%s shows on its field, focused, without a toast', async (error, label, message) => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp({ post: async () => Promise.reject(error) }));
    await openEditor(user);
    await user.click(saveButton());
    await waitFor(() => expect(field(label)).toHaveAttribute('aria-invalid', 'true'));
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field(label)).toHaveFocus();
    expect(getToast()).toBeNull();
  });

  it('a country code the server refuses (-3069) shows on the country field', async () => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp({ post: async () => Promise.reject(new ApiError(-3069, 'bad country', 400)) }));
    await openEditor(user);
    await user.click(saveButton());
    const country = screen.getByRole('combobox', { name: 'Country/region' });
    await waitFor(() => expect(country).toHaveAttribute('aria-invalid', 'true'));
    expect(getToast()).toBeNull();
  });

  it('a job-title error shows on the new position the user typed', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp({ post: async () => Promise.reject(new ApiError(-10020, 'jobTitle is invalid', 400, { field: 'jobTitle' })) });
    await renderProfile(http, { initialMode: 'edit' });
    await pick(user, 'Job title', 'new', /^Add a new position/);
    await user.type(field('New position'), 'Architect');
    await user.click(saveButton());
    await waitFor(() => expect(field('New position')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('New position')).toHaveValue('Architect');
  });

  it('an invalid parameter naming no form field falls through to the toast', async () => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp({ post: async () => Promise.reject(new ApiError(-10020, 'language', 400, { field: 'language' })) }));
    await openEditor(user);
    await user.click(saveButton());
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error', message: 'Invalid parameter.' }));
  });
});

describe('ProfilePage: conflict info', () => {
  it.each([
    [-40024, ['unmergedAccounts'] as const, 'Local accounts with your email address still need to be merged into your ID.'],
    [-40025, ['regionUnconfirmed'] as const, 'Your country/region has not been confirmed yet.'],
    [-40026, ['profileIncomplete'] as const, 'Your first and last name are missing.'],
  ])('%i: shows the catalogue message and the reason', async (code, reasons, reason) => {
    const http = fakeHttp({ conflict: { conflict: true, errorCode: code, reasons: [...reasons] } });
    await renderProfile(http);
    const notice = await screen.findByText('Your account information conflicts with another account.');
    expect(within(notice.closest('[role="status"]') as HTMLElement).getByText(reason)).toBeInTheDocument();
    expect(postsTo(http, '/accounts/conflictInfo')).toEqual([['/accounts/conflictInfo', { email: sampleProfile.email }]]);
  });

  it('links unmerged accounts to the merge screen only when a plugin provides it', async () => {
    const conflict: ConflictInfoResult = { conflict: true, errorCode: -40024, reasons: ['unmergedAccounts'] };
    const merger = definePlugin({ id: 'merger', routes: [{ path: 'mergeAccounts', parent: 'accountSetting', view: async () => ({ default: () => null }) }] });
    const { unmount } = await renderProfile(fakeHttp({ conflict }), {}, [merger]);
    const link = await screen.findByRole('link', { name: 'Merge your accounts now' });
    expect(link).toHaveAttribute('href', '/accountSetting/mergeAccounts');
    unmount();
    await renderProfile(fakeHttp({ conflict }));
    await screen.findByText('Local accounts with your email address still need to be merged into your ID.');
    expect(screen.queryByRole('link', { name: 'Merge your accounts now' })).not.toBeInTheDocument();
  });

  it('shows nothing when there is no conflict', async () => {
    const http = fakeHttp();
    await renderProfile(http);
    await screen.findByText('Developer');
    await waitFor(() => expect(postsTo(http, '/accounts/conflictInfo')).toHaveLength(1));
    expect(screen.queryByText('Your account information conflicts with another account.')).not.toBeInTheDocument();
  });

  it('a failed check shows no toast (the page works without it)', async () => {
    const failing = fakeHttp();
    failing.post.mockImplementation(async () => Promise.reject(new ApiError(-10000, 'boom', 500)));
    await renderProfile(failing);
    await waitFor(() => expect(postsTo(failing, '/accounts/conflictInfo').length).toBeGreaterThan(0));
    expect(getToast()).toBeNull();
  });
});

describe('ProfilePage: avatar', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
  const picker = () => screen.getByLabelText('Choose an avatar image') as HTMLInputElement;

  it('hashes the file in the browser, uploads file + md5 + accountId, then sets it as the avatar', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp();
    await renderProfile(http);
    await user.upload(picker(), new File([PNG], 'me.png', { type: 'image/png' }));

    expect(await screen.findByRole('img', { name: 'Avatar of Ana Novák' })).toHaveAttribute('src', '/api/files/euw/new');
    const [upload] = postsTo(http, '/accounts/avatar/upload');
    const form = (upload![2] as { form: FormData }).form;
    expect(upload![1]).toBeUndefined();
    expect(form.get('md5')).toBe(createHash('md5').update(PNG).digest('hex'));
    expect(form.get('accountId')).toBe(sampleProfile.accountId);
    expect((form.get('file') as File).name).toBe('me.png');
    expect(postsTo(http, '/accounts/avatar/update')).toEqual([['/accounts/avatar/update', { avatarFileId: 'f'.repeat(32), accountId: sampleProfile.accountId }]]);
    expect(getToast()).toMatchObject({ kind: 'success', message: 'Your avatar has been updated.' });
    expect(appStore.get(userAtom)).toMatchObject({ avatar: '/api/files/euw/new' });
  });

  it.each([
    ['me.gif', 'image/gif', 10, 'Choose a PNG or JPG image.'],
    ['me.png', 'image/png', 1024 * 1024 + 1, 'The avatar is too large (max 1 MB).'],
    [`${'n'.repeat(252)}.png`, 'image/png', 10, 'The file name of the avatar is too long.'],
    ['me.png', 'image/png', 0, 'The file is empty.'],
  ])('refuses %s (%s, %i bytes) before sending anything', async (name, type, size, message) => {
    const user = userEvent.setup({ applyAccept: false });
    const http = fakeHttp();
    await renderProfile(http);
    await user.upload(picker(), new File([new Uint8Array(size)], name, { type }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Change avatar' })).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(postsTo(http, '/accounts/avatar/upload')).toHaveLength(0);
  });

  it.each([
    [-11000, 'The file name of the avatar is too long.'],
    [-11001, 'The avatar is too large (max 1 MB).'],
    [-11002, 'The avatar could not be saved.'],
  ])('server %i shows beside the avatar, not as a toast', async (code, message) => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp({ post: async (path) => (path === '/accounts/avatar/upload' ? Promise.reject(new ApiError(code, 'server text', 400)) : null) });
    await renderProfile(http);
    await user.upload(picker(), new File([PNG], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getToast()).toBeNull();
    expect(postsTo(http, '/accounts/avatar/update')).toHaveLength(0);
    expect(screen.getByRole('img', { name: /No avatar yet/ })).toBeInTheDocument();
  });

  it.each([
    [{ field: 'file', reason: 'type' }, 'This file is not a real PNG or JPG image. Choose another picture.'],
    [{ field: 'md5', reason: 'checksum' }, 'The file changed or was damaged while uploading. Please try again.'],
    [{ field: 'file', reason: 'empty' }, 'The file is empty.'],
  ])('a file the server refuses by its content (%o) says why beside the avatar, not "Invalid parameter"', async (result, message) => {
    const user = userEvent.setup({ delay: null });
    // A GIF named .png with the PNG type: the browser's checks pass, the server sniffs the bytes.
    const fake = new File([new TextEncoder().encode('GIF89a fake')], 'me.png', { type: 'image/png' });
    const http = fakeHttp({ post: async (path) => (path === '/accounts/avatar/upload' ? Promise.reject(new ApiError(-10020, 'The avatar must be a PNG or JPG image.', 400, result)) : null) });
    await renderProfile(http);
    await user.upload(picker(), fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Change avatar' })).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(getToast()).toBeNull();
    expect(postsTo(http, '/accounts/avatar/update')).toHaveLength(0);
  });

  it('another -10020 of the upload still goes to the toast', async () => {
    const user = userEvent.setup({ delay: null });
    const http = fakeHttp({ post: async (path) => (path === '/accounts/avatar/upload' ? Promise.reject(new ApiError(-10020, 'Invalid parameter. (body/accountId)', 400, { field: 'body/accountId' })) : null) });
    await renderProfile(http);
    await user.upload(picker(), new File([PNG], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(getToast()).toMatchObject({ kind: 'error' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the uploading state and ignores another pick meanwhile', async () => {
    const user = userEvent.setup({ delay: null });
    let answer!: (value: unknown) => void;
    const http = fakeHttp({ post: (path) => (path === '/accounts/avatar/upload' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({ ...sampleProfile, avatar: '/a.png' })) });
    await renderProfile(http);
    await user.upload(picker(), new File([PNG], 'me.png', { type: 'image/png' }));
    const button = await screen.findByRole('button', { name: 'Uploading avatar…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.upload(picker(), new File([PNG], 'again.png', { type: 'image/png' }));
    expect(postsTo(http, '/accounts/avatar/upload')).toHaveLength(1);
    await act(async () => answer({ avatarFileId: 'x'.repeat(32), url: '/a.png' }));
    expect(await screen.findByRole('img', { name: 'Avatar of Ana Novák' })).toHaveAttribute('src', '/a.png');
  });

  it('the picker is reached from a keyboard-focusable button', async () => {
    const user = userEvent.setup({ delay: null });
    await renderProfile(fakeHttp());
    const click = vi.spyOn(picker(), 'click');
    screen.getByRole('button', { name: 'Change avatar' }).focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
    expect(picker()).toHaveAttribute('accept', expect.stringContaining('image/png'));
  });
});
