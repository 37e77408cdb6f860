import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoginPageContext, type LoginPageServices } from '@portal/plugin-api';
import HelpdeskNotice from './HelpdeskNotice';

/** A help-desk link's login query (source=zendesk); without it the notice renders nothing. */
const helpdeskPage: LoginPageServices = {
  goTo: () => undefined,
  hasView: () => true,
  pluginAllowed: () => true,
  pageInfo: null,
  query: new URLSearchParams('session_code=sc-story&source=zendesk&brand_id=360001&locale_id=1&return_to=https%3A%2F%2Fhelp.vendor.example%2Fhc'),
};

/** The notice the help-desk plugin puts above the sign-in form (the layout's 'aboveForm' slot). */
const meta: Meta = {
  title: 'Plugins/Helpdesk/HelpdeskNotice',
  render: () => (
    <LoginPageContext.Provider value={helpdeskPage}>
      <div css={{ maxWidth: 440 }}>
        <HelpdeskNotice />
      </div>
    </LoginPageContext.Provider>
  ),
};
export default meta;
type Story = StoryObj;

export const Default: Story = {};
export const DarkTheme: Story = { parameters: { theme: 'midnight' } };
export const RightToLeft: Story = { parameters: { dir: 'rtl' } };

export const Arabic: Story = inArabic(RightToLeft);
