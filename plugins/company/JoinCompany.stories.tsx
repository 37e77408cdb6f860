import type { Meta, StoryObj } from '@storybook/react-vite';
import { pendingApplication, summaries } from './fixtures';
import { JoinCompany } from './JoinCompany';
import { companyDecorator, failing, http, loaders, waitForText } from './storyKit';

const noop = async () => undefined;

const meta: Meta = {
  title: 'Plugins/Company/JoinCompany',
  loaders,
  decorators: [companyDecorator],
  parameters: { sub: '/join' },
  render: (_args, { parameters }) => <JoinCompany applications={[]} onApplied={noop} {...(parameters.props as object)} />,
};
export default meta;
type Story = StoryObj;

export const Empty: Story = {};

/** Search by name: a certified company to apply to, an uncertified one that cannot be joined. */
export const SearchResults: Story = { parameters: { props: { initialMode: 'name', initialQuery: 'Contoso', initialResults: summaries } } };

/** An application to the first one is pending already. */
export const PendingApplication: Story = {
  parameters: { props: { initialMode: 'name', initialQuery: 'Contoso', initialResults: summaries, applications: pendingApplication.applications } },
};

export const NoResults: Story = { parameters: { props: { initialMode: 'name', initialQuery: 'Zz', initialResults: [] } } };

/** -40002: no company with that code; the message stays on the page. */
export const UnknownCode: Story = {
  parameters: { props: { initialQuery: 'NOPE1234' }, http: http({ '/orgs/orgCode/NOPE1234': failing(-40002) }) },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector('form')?.requestSubmit();
    await waitForText('does not exist');
  },
};

/** -60001: too many wrong codes from this client or account; the message stays on the page. */
export const TooManyWrongCodes: Story = {
  parameters: { props: { initialQuery: 'GUESS123' }, http: http({ '/orgs/orgCode/GUESS123': failing(-60001) }) },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector('form')?.requestSubmit();
    await waitForText('Too many requests');
  },
};

export const RightToLeft: Story = { parameters: { dir: 'rtl', props: { initialMode: 'name', initialQuery: 'Contoso', initialResults: summaries } } };
