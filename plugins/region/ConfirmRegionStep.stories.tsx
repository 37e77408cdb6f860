import { inArabic } from '@portal/plugin-api/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  ApiError,
  type HttpClient,
  type RegionRequiredResult,
  type RegionWhiteList,
  type Registry,
} from '@portal/plugin-api';
import { resetRegionWhiteList, StoryPortal, testRegistry, withClientTheme, until } from '@portal/plugin-api/testing';
import { ConfirmRegion } from './ConfirmRegionStep';
import region from './index';

const WHITE_LIST: RegionWhiteList = {
  Use: ['US', 'CA', 'MX', 'BR'],
  Aps: ['SG', 'KR', 'JP', 'AU', 'IN'],
  Euw: ['DE', 'FR', 'GB', 'CH', 'CZ', 'ES', 'IT', 'NL', 'PL'],
};
const REQUIRED: RegionRequiredResult = { email: 'rita.region@partner-example.com', firstName: 'rita.region', regionCode: 'Euw', processId: 'story-process' };

/** The HTTP boundary: the white-list, and `POST /account` answering or failing with `confirm`. */
function storyHttp(confirm?: ApiError): HttpClient {
  const get = async () => WHITE_LIST;
  const post = async () => {
    if (confirm) throw confirm;
    return { email: REQUIRED.email, region: 'Euw' };
  };
  return { get, post } as unknown as HttpClient;
}

const listLoaded = (root: HTMLElement) => Boolean(root.querySelector('[role="combobox"]:not([disabled])'));

type Loaded = { registry: Registry };
interface Params {
  initialCountry?: string;
  confirm?: ApiError;
  result?: Partial<RegionRequiredResult>;
}

const meta: Meta = {
  title: 'Plugins/Region/ConfirmRegionStep',
  loaders: [
    async (): Promise<Loaded> => {
      resetRegionWhiteList();
      return { registry: await testRegistry([region]) };
    },
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    const error = new ApiError<RegionRequiredResult>(-9, 'region', 400, { ...REQUIRED, ...p.result });
    return (
      <StoryPortal registry={(loaded as Loaded).registry} http={storyHttp(p.confirm)} path="/login">
        <div style={{ maxWidth: 440, padding: 16 }}>
          <ConfirmRegion
            error={error}
            call="signIn"
            form={{ email: REQUIRED.email }}
            retry={() => new Promise<void>(() => undefined)}
            cancel={() => undefined}
            goTo={() => undefined}
            initialCountry={p.initialCountry}
          />
        </div>
      </StoryPortal>
    );
  },
  play: async ({ canvasElement }) => {
    await until(() => listLoaded(canvasElement), 'the country list');
  },
};
export default meta;
type Story = StoryObj;

/** As the step appears: nothing chosen, the suggested data region named. */
export const Default: Story = {};

export const NoSuggestion: Story = { parameters: { result: { regionCode: null } } };

/** A country chosen: the hint names the data region that will store the account. */
export const Chosen: Story = { parameters: { initialCountry: 'JP' } };

/** Confirm without a country. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    await until(() => listLoaded(canvasElement), 'the country list');
    canvasElement.querySelector('form')!.requestSubmit();
    await until(() => Boolean(canvasElement.querySelector('[role="combobox"][aria-invalid="true"]')), '[role="combobox"][aria-invalid="true"]');
  },
};

/** -3069: the server refused the country/region code; shown at the field. */
export const RegionCodeError: Story = {
  parameters: { initialCountry: 'JP', confirm: new ApiError(-3069, 'bad region', 400) },
  play: async ({ canvasElement }) => {
    await until(() => listLoaded(canvasElement), 'the country list');
    canvasElement.querySelector('form')!.requestSubmit();
    await until(() => Boolean(canvasElement.querySelector('[role="combobox"][aria-invalid="true"]')), '[role="combobox"][aria-invalid="true"]');
  },
};

/** -3041: the service region could not be found; shown above the buttons. */
export const ServiceRegionError: Story = {
  parameters: { initialCountry: 'DE', confirm: new ApiError(-3041, 'no service region', 400) },
  play: async ({ canvasElement }) => {
    await until(() => listLoaded(canvasElement), 'the country list');
    canvasElement.querySelector('form')!.requestSubmit();
    await until(() => Boolean(canvasElement.querySelector('p[role="alert"]')), 'p[role="alert"]');
  },
};

/** Confirmed and signing in again: the button is busy. */
export const Confirming: Story = {
  parameters: { initialCountry: 'DE' },
  play: async ({ canvasElement }) => {
    await until(() => listLoaded(canvasElement), 'the country list');
    canvasElement.querySelector('form')!.requestSubmit();
    await until(() => Boolean(canvasElement.querySelector('button[type="submit"][aria-busy="true"]')), 'button[type="submit"][aria-busy="true"]');
  },
};

export const DarkTheme: Story = { parameters: { theme: 'midnight', initialCountry: 'DE' } };

/** A connected service's theme (the green partner): a country chosen. */
export const ClientTheme: Story = withClientTheme(Chosen);

export const Arabic: Story = inArabic(Chosen);
