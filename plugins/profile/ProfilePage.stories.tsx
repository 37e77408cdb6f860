import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  type ConflictInfoResult,
  type HttpClient,
  type Registry,
  type UserProfile,
} from '@portal/plugin-api';
import { resetRegionWhiteList, StoryPortal, testRegistry, until } from '@portal/plugin-api/testing';
import profilePlugin from './index';
import ProfilePage, { type ProfilePageProps } from './ProfilePage';
import { noConflict, sampleProfile, sampleWhiteList, WINTER } from './testFixtures';

type Outcome = unknown | ApiError | 'pending';

interface StoryHttp {
  profile?: UserProfile | ApiError | 'pending';
  conflict?: ConflictInfoResult;
  /** What `POST /account/updateInfo` does. */
  save?: Outcome;
}

/** The HTTP boundary of these stories: answers at once, fails, or never answers (a call in flight). */
function storyHttp({ profile = sampleProfile, conflict = noConflict, save }: StoryHttp): HttpClient {
  const settle = async (outcome: Outcome) => {
    if (outcome === 'pending') return new Promise<never>(() => undefined);
    if (outcome instanceof ApiError) throw outcome;
    return outcome;
  };
  const get = async (path: string) => (path === '/user-info' ? settle(profile) : path === '/region/white-list' ? sampleWhiteList : null);
  const post = async (path: string, body: unknown) => {
    if (path === '/accounts/conflictInfo') return conflict;
    if (path === '/account/updateInfo') return settle(save ?? { ...sampleProfile, ...(body as object) });
    return null;
  };
  return { get, post } as unknown as HttpClient;
}

const shows = (text: string) => () => Boolean(document.body.textContent?.includes(text));
const loaded = async (canvasElement: HTMLElement) => {
  await until(() => canvasElement.querySelector('input[type="file"]') !== null, 'the profile form');
};

async function submit(canvasElement: HTMLElement, text: string) {
  await loaded(canvasElement);
  canvasElement.querySelector('form')?.requestSubmit();
  await until(shows(text), text);
}

type Loaded = { registry: Registry };
interface Params {
  http?: StoryHttp;
  page?: ProfilePageProps;
}

const AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#0b57d0"/><circle cx="48" cy="38" r="18" fill="#fff"/><rect x="18" y="62" width="60" height="34" rx="17" fill="#fff"/></svg>');

const meta: Meta = {
  title: 'Plugins/Profile/ProfilePage',
  loaders: [
    async (): Promise<Loaded> => {
      resetRegionWhiteList();
      return { registry: await testRegistry([profilePlugin]) };
    },
  ],
  render: (_args, { loaded: data, parameters }) => {
    const p = parameters as Params;
    return (
      <StoryPortal registry={(data as Loaded).registry} http={storyHttp(p.http ?? {})} user={sampleProfile} path="/accountSetting/myProfile">
        <div css={{ padding: 16 }}>
          <ProfilePage referenceDate={WINTER} {...p.page} />
        </div>
      </StoryPortal>
    );
  },
  play: ({ canvasElement }) => loaded(canvasElement),
};
export default meta;
type Story = StoryObj;

export const ViewMode: Story = {};

export const WithAvatar: Story = { parameters: { http: { profile: { ...sampleProfile, avatar: AVATAR } } } };

/** Only the required fields are set: the rest read "Not set". */
export const ViewModeEmptyFields: Story = {
  parameters: { http: { profile: { ...sampleProfile, nickname: null, jobTitle: null, country: null, timezone: null, phone: null } } },
};

export const EditMode: Story = { parameters: { page: { initialMode: 'edit' } } };

/** A job title that is not in the list opens as "Add a new position" with its text. */
export const EditNewPosition: Story = {
  parameters: { page: { initialMode: 'edit' }, http: { profile: { ...sampleProfile, jobTitle: 'Solutions architect' } } },
};

export const ValidationErrors: Story = {
  parameters: { page: { initialMode: 'edit' }, http: { profile: { ...sampleProfile, lastName: '', phone: '12', nickname: 'a>b' } } },
  play: ({ canvasElement }) => submit(canvasElement, 'Enter 4 to 12 digits only (no spaces, + or dashes).'),
};

export const Saving: Story = {
  parameters: { page: { initialMode: 'edit' }, http: { save: 'pending' } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    canvasElement.querySelector('form')?.requestSubmit();
    await until(() => canvasElement.querySelector('button[aria-busy="true"]') !== null, 'button[aria-busy="true"]');
  },
};

/** -20620: the server refused the nickname; the message sits on the field, everything typed kept. */
export const SaveFailed: Story = {
  parameters: { page: { initialMode: 'edit' }, http: { save: new ApiError(-20620, 'invalid nickname', 400) } },
  play: ({ canvasElement }) => submit(canvasElement, 'Invalid nickname.'),
};

/** -10020 naming the phone field. */
export const SaveFailedOnField: Story = {
  parameters: { page: { initialMode: 'edit' }, http: { save: new ApiError(-10020, 'phone is invalid', 400, { field: 'phone' }) } },
  play: ({ canvasElement }) => submit(canvasElement, 'Invalid parameter.'),
};

export const Conflict: Story = {
  parameters: { http: { conflict: { conflict: true, errorCode: -40024, reasons: ['unmergedAccounts', 'profileIncomplete'] } } },
  play: async ({ canvasElement }) => {
    await loaded(canvasElement);
    await until(shows('conflicts with another account'), 'the conflict notice');
  },
};

export const AvatarUploading: Story = { parameters: { page: { avatarState: { uploading: true } } } };

/** -11001 (or a file refused before upload): the catalogue message under the avatar. */
export const AvatarError: Story = { parameters: { page: { avatarState: { errorKey: 'core:errors.avatarTooLarge' } } } };

export const AvatarWrongType: Story = { parameters: { page: { avatarState: { errorKey: 'profile:avatar.wrongType' } } } };

/** The server sniffed the bytes: a picture named .png that is no PNG (-10020, reason "type"). */
export const AvatarNotAnImage: Story = { parameters: { page: { avatarState: { errorKey: 'profile:avatar.notAnImage' } } } };

export const Loading: Story = { parameters: { http: { profile: 'pending' } }, play: () => undefined };

export const LoadFailed: Story = {
  parameters: { http: { profile: new ApiError(-10000, 'boom', 500) } },
  play: async () => {
    await until(shows('could not be loaded'), 'the load failure');
  },
};

export const LongValues: Story = {
  parameters: {
    http: {
      profile: {
        ...sampleProfile,
        firstName: 'Maximiliana Alexandrina Konstantina',
        lastName: 'von Hohenzollern-Sigmaringen-Württemberg',
        nickname: 'the-very-long-nickname-of-maximiliana-without-any-spaces-at-all',
        email: 'maximiliana.alexandrina.hohenzollern@very-long-partner-company-name.example.com',
        jobTitle: 'Senior Regional Director of Strategic Partner Enablement and Channel Development',
        timezone: 'America/Argentina/ComodRivadavia',
      },
    },
  },
};

export const LongValuesEditing: Story = { parameters: { ...LongValues.parameters, page: { initialMode: 'edit' } } };

export const RightToLeft: Story = { parameters: { dir: 'rtl' } };

export const RightToLeftEditing: Story = { parameters: { dir: 'rtl', page: { initialMode: 'edit' } } };

export const DarkTheme: Story = { parameters: { theme: 'midnight', page: { initialMode: 'edit' } } };

export const Arabic: Story = inArabic(RightToLeft);

export const ArabicEditing: Story = inArabic(RightToLeftEditing);
