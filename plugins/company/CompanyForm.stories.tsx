import type { Meta, StoryObj } from '@storybook/react-vite';
import { CompanyForm } from './CompanyForm';
import { company } from './fixtures';
import { companyDecorator, failing, http, loaders, waitForText } from './storyKit';

const noop = async () => undefined;
const filled = { name: 'Northwind Security Integrators', type: 'installer', country: 'CZ' };

const meta: Meta = {
  title: 'Plugins/Company/CompanyForm',
  loaders,
  decorators: [companyDecorator],
  render: (_args, { parameters }) => <CompanyForm onSaved={noop} {...(parameters.props as object)} />,
};
export default meta;
type Story = StoryObj;

export const Create: Story = { parameters: { sub: '/create' } };

/** Editing an existing company: the values and the uploaded licence. */
export const Edit: Story = { parameters: { sub: '/edit', props: { company } } };

/** Every rule broken at once (required fields, illegal characters, postal code, code, URL, email, phone). */
export const WithErrors: Story = {
  parameters: {
    sub: '/create',
    props: {
      validateOnMount: true,
      initialValues: { name: 'North<wind>', address: 'Main: 1', postCode: 'sw1a 1aa', orgCode: 'NW-1', website: 'www.northwind', contactEmail: 'office@', contactNumber: '12' },
    },
  },
  play: () => waitForText('Use 4 to 32 letters or digits.'),
};

/** A licence on its way to the server. */
export const UploadingLicence: Story = { parameters: { sub: '/create', props: { initialValues: filled, initialLicenseUpload: 'business-licence-2024.pdf' } } };

/** Conflicting account information (-40024): no company can be created; the message stays above the form. */
export const ConflictingAccount: Story = {
  parameters: { sub: '/create', props: { initialValues: filled }, http: http({ '/orgs': failing(-40024) }) },
  play: async ({ canvasElement }) => {
    await waitForText('Create company');
    canvasElement.querySelector('form')?.requestSubmit();
    await waitForText('conflicts with another account');
  },
};

/** -40000: the name is taken in the region; the message sits on the field. */
export const DuplicateName: Story = {
  parameters: { sub: '/create', props: { initialValues: filled }, http: http({ '/orgs': failing(-40000) }) },
  play: async ({ canvasElement }) => {
    await waitForText('Create company');
    canvasElement.querySelector('form')?.requestSubmit();
    await waitForText('already exists');
  },
};

export const RightToLeft: Story = { parameters: { dir: 'rtl', sub: '/edit', props: { company } } };
