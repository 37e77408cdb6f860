import type { Meta, StoryObj } from '@storybook/react-vite';
import { inArabic, press, until, untilText } from '@portal/plugin-api/testing';
import { SecretShownDialog, RotateDialog } from './SecretDialogs';
import { ServiceEditor, type ServiceEditorProps } from './ServiceEditor';
import { loaders, portal, servicesDecorator } from './storyKit';
import { BASE_ANSWERS, cannedOps, SERVICES, THEMES, VIEWER_ME } from './testing';

/*
 * One service's form: new, editing, read only, with its checks (the fields, WCAG AA contrast with
 * suggestions), the secret shown once and the rotation dialog. The live preview's frames are
 * blank here (Storybook serves no /login): the e2e shows the real page in them.
 */

const noop = () => undefined;
/** An image the story carries itself (Storybook serves no /api). */
const SLIDE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="60"><rect width="80" height="60" fill="#0a6b47"/><circle cx="60" cy="18" r="12" fill="#fff" fill-opacity=".3"/></svg>')}`;
const editor = (props: Partial<ServiceEditorProps>) => <ServiceEditor service={null} themes={THEMES} editable onSaved={noop} onClose={noop} {...props} />;

const meta: Meta = {
  title: 'Plugins/OpsServices/ServiceEditor',
  parameters: { layout: 'fullscreen', ops: cannedOps(BASE_ANSWERS) },
  loaders,
  decorators: [servicesDecorator],
};
export default meta;
type Story = StoryObj;

/** A new service: empty, confidential by default. */
export const New: Story = { render: () => editor({}), play: ({ canvasElement }) => untilText(canvasElement, 'Live preview') };

/** Create pressed on an empty form: each field says what it needs, nothing is sent. */
export const Required: Story = {
  render: () => editor({}),
  play: async ({ canvasElement }) => {
    await press(canvasElement, 'Create service');
    await untilText(canvasElement, 'Enter the client ID.');
  },
};

/** A confidential service mid-rotation, with branding, a slide with a German caption and a theme that passes. */
export const Editing: Story = {
  render: () =>
    editor({
      service: { ...SERVICES[0]!, branding: { ...SERVICES[0]!.branding, signUpUrl: 'https://billing.example/join', carousel: [{ fileUrl: SLIDE, description: 'Pay every invoice in one place', texts: { de_DE: { description: 'Alle Rechnungen an einem Ort' } } }] } },
    }),
  play: ({ canvasElement }) => untilText(canvasElement, 'All text colours reach WCAG AA contrast.'),
};

/** A light primary: refused as it is typed, each pair with its ratio and a colour that passes, one click away. */
export const ContrastFails: Story = {
  render: () => editor({ initialValues: { id: 'travel-desk', name: 'Travel desk', redirectUris: 'https://travel.example/callback', themeName: 'default', colors: { primary: '#7fb3ff', primaryHover: '', primaryText: '', text: '', textMuted: '', background: '', surface: '', border: '', danger: '#ff6b6b' } } }),
  play: ({ canvasElement }) => untilText(canvasElement, 'These colours do not reach WCAG AA contrast (4.5:1):'),
};

/** A viewer: the same form, nothing to change or save. */
export const ReadOnly: Story = {
  parameters: { me: VIEWER_ME },
  render: () => editor({ service: SERVICES[1]!, editable: false }),
  play: ({ canvasElement }) => untilText(canvasElement, 'Your role can read this service but not change it.'),
};

/** The secret, shown once after a creation or a rotation, until the operator says they stored it. */
export const SecretShown: Story = {
  parameters: portal,
  render: () => <SecretShownDialog serviceId="billing" secret="q3Vx0mJ7c2yW9rLk4ZtB8nHs1dPaFgEuXoR6iTyKwQM" previousUntil={Date.UTC(2026, 10, 30, 12, 0)} onClose={noop} />,
  play: async () => {
    await until(() => document.querySelector('[role="dialog"] input[readonly]'), 'the secret dialog');
  },
};

/** A new secret: how long the old one keeps working, and why. */
export const Rotate: Story = {
  parameters: portal,
  render: () => <RotateDialog service={SERVICES[0]!} onClose={noop} onRotated={noop} />,
  play: async () => {
    await until(() => document.querySelector('[role="dialog"]'), 'the rotation dialog');
  },
};

/** In Arabic: the form mirrored, colours, addresses and ratios left to right. */
export const Arabic: Story = inArabic(ContrastFails, { play: ({ canvasElement }) => untilText(canvasElement, 'لا تبلغ هذه الألوان تباين WCAG AA') });
