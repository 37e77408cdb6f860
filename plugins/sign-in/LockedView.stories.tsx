import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type LockedData, LoginPageContext, type LoginPageServices } from '@portal/plugin-api';
import { withClientTheme } from '@portal/plugin-api/testing';
import LockedView from './LockedView';

const EMAIL = 'ana.novak@partner-example.com';

function services(views: string[]): LoginPageServices {
  return {
    goTo: () => undefined,
    hasView: (view) => views.includes(view),
    pluginAllowed: () => true,
    pageInfo: null,
    query: new URLSearchParams('session_code=sc-story'),
  };
}

/** The account-locked view: how long (minutes, whole hours, hours and minutes, or unknown), Back, Forgot password. */
const meta: Meta = {
  title: 'Plugins/SignIn/LockedView',
  render: (_args, { parameters }) => (
    <LoginPageContext.Provider value={services((parameters.views as string[] | undefined) ?? ['signIn', 'reset', 'email', 'locked'])}>
      <div css={{ maxWidth: 440 }}>
        <LockedView goTo={() => undefined} data={parameters.data} />
      </div>
    </LoginPageContext.Provider>
  ),
};
export default meta;
type Story = StoryObj;

export const Minutes: Story = { parameters: { data: { lockedMinutes: 25, email: EMAIL } satisfies LockedData } };

export const WholeHours: Story = { parameters: { data: { lockedMinutes: 120, email: EMAIL } satisfies LockedData } };

export const HoursAndMinutes: Story = { parameters: { data: { lockedMinutes: 90, email: EMAIL } satisfies LockedData } };

/** -20004 / -20661 without a lock length (or 0): the general wording. */
export const Unknown: Story = { parameters: { data: { lockedMinutes: 0, email: EMAIL } satisfies LockedData } };

/** A client without the reset view: only Back. */
export const WithoutReset: Story = { parameters: { data: { lockedMinutes: 25, email: EMAIL } satisfies LockedData, views: ['signIn', 'email', 'locked'] } };

export const RightToLeft: Story = { parameters: { dir: 'rtl', data: { lockedMinutes: 90, email: EMAIL } satisfies LockedData } };

/** A connected service's theme (the green partner). */
export const ClientTheme: Story = withClientTheme(Minutes);

export const Arabic: Story = inArabic(RightToLeft);
