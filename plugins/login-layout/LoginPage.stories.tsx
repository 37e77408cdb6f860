import type { Meta, StoryObj } from '@storybook/react-vite';
import type { HttpClient, LoginPageInfo, Registry } from '@portal/plugin-api';
import { cannedHttp, GREEN_PARTNER_THEME, inArabic, pluginsById, StoryPortal, testRegistry, ToastHost, until } from '@portal/plugin-api/testing';
import { dismissToast, toast } from '@portal/plugin-api';
import layout, { type LoginLayoutConfig } from './index';
import LoginPage from './LoginPage';
// Files, not data: URLs (the layout only takes http(s) and same-origin images).
import greenWideLogo from './story-assets/green-partner-wide-logo.svg?no-inline';
import partnerLogo from './story-assets/partner-logo.svg?no-inline';
import partnerTitleLogo from './story-assets/partner-title-logo.svg?no-inline';
import slideClient from './story-assets/slide-client.svg?no-inline';
import slideDevices from './story-assets/slide-devices.svg?no-inline';
import slidePartners from './story-assets/slide-partners.svg?no-inline';
import slideSupport from './story-assets/slide-support.svg?no-inline';

/*
 * The whole login page: the layout host with the real sign-in view (and the help-desk slot),
 * mocked at the HTTP boundary (GET /client/custom/banner-and-logo answers the page info).
 * The banner shows from 1024 px, so Loki's 375 configuration of every story is the phone
 * layout. The carousel never rotates here: the stories report prefers-reduced-motion, which
 * the carousel honours by starting paused.
 */

type Loaded = { registry: Registry };

interface Params {
  layoutConfig?: Partial<LoginLayoutConfig>;
  http?: HttpClient;
  path?: string;
  frameWidth?: number;
  /** Draws the app's toast host beside the page. */
  toasts?: boolean;
}

const PAGE_INFO_PATH = '/client/custom/banner-and-logo';

const deploymentSlides: LoginLayoutConfig['slides'] = [
  { fileUrl: slideDevices, description: 'Manage every device of your business from one place.', link: 'https://vendor.example/devices', linkText: 'Learn more' },
  { fileUrl: slidePartners, description: 'Invite partners and installers to your company.' },
  { fileUrl: slideSupport, description: 'Support and community with the same ID.', link: 'https://vendor.example/support' },
];

const footerLinks: LoginLayoutConfig['links'] = {
  support: 'https://vendor.example/support',
  community: 'https://community.vendor.example/',
  termsOfUse: 'https://vendor.example/terms',
  privacyPolicy: 'https://vendor.example/privacy',
};

const partnerInfo: LoginPageInfo = {
  carouselInfos: [
    // Out of order on purpose: the page sorts by orderValue.
    { id: 'partner-2', orderValue: 2, fileUrl: slidePartners, description: 'Partner Cloud installers sign in here too.', link: null, linkText: null },
    { id: 'partner-1', orderValue: 1, fileUrl: slideClient, description: 'Welcome to Partner Cloud.', link: 'https://partner-cloud.example/about', linkText: 'About Partner Cloud' },
  ],
  language: null,
  title: 'Partner Cloud',
  titleLogoUrl: partnerTitleLogo,
  logoUrl: partnerLogo,
  signUpUrl: null,
  clientId: 'partner-cloud',
  clientName: 'Partner Cloud',
};

const branded = (info: LoginPageInfo) => cannedHttp({ [PAGE_INFO_PATH]: info });

/** Says "reduce" to prefers-reduced-motion for the story's lifetime (the carousel then starts paused). */
function reduceMotion(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    /prefers-reduced-motion:\s*reduce/.test(query)
      ? ({
          matches: true,
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        } as MediaQueryList)
      : original.call(window, query);
  return () => {
    window.matchMedia = original;
  };
}

/** Makes window.innerWidth report `width` for the story's lifetime (what the layout reads to drop the banner). */
function narrowWindow(width: number): () => void {
  const own = Object.getOwnPropertyDescriptor(window, 'innerWidth');
  Object.defineProperty(window, 'innerWidth', { configurable: true, get: () => width });
  return () => {
    if (own) Object.defineProperty(window, 'innerWidth', own);
    else delete (window as { innerWidth?: number }).innerWidth;
  };
}

/**
 * Waits for what loads late: the page info, the lazy sign-in view (its heading), the lazy
 * help-desk slot or carousel when asked, and every image decoded.
 */
async function pageReady(canvasElement: HTMLElement, extra: () => boolean = () => true) {
  await until(() => Boolean(canvasElement.querySelector('[data-login-view] h1')) && extra(), '[data-login-view] h1');
  const images = Array.from(canvasElement.querySelectorAll('img'));
  await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  await quiet(canvasElement);
}

/**
 * Until the page has not changed for 300 ms (at most about 3 s): a lazy piece still loading
 * (its spinner above the form) once made a screenshot differ. Polled with the same counter.
 */
async function quiet(canvasElement: HTMLElement) {
  let changed = 0;
  const observer = new MutationObserver(() => (changed = 0));
  observer.observe(canvasElement, { subtree: true, childList: true, attributes: true, characterData: true });
  for (let i = 0; i < 150 && changed < 15; i++, changed++) await new Promise((r) => setTimeout(r, 20));
  observer.disconnect();
}

const carouselPaused = (canvasElement: HTMLElement) => () =>
  window.innerWidth < 1024 || Boolean(canvasElement.querySelector('[aria-roledescription="carousel"] button[aria-pressed="true"]'));

const meta: Meta = {
  title: 'Plugins/LoginLayout/LoginPage',
  parameters: { layout: 'fullscreen' },
  beforeEach: reduceMotion,
  loaders: [
    async ({ parameters }): Promise<Loaded> => ({
      registry: await testRegistry([layout, ...(await pluginsById('sign-in', 'helpdesk'))], { 'login-layout': (parameters as Params).layoutConfig ?? {} }),
    }),
  ],
  render: (_args, { loaded, parameters }) => {
    const p = parameters as Params;
    return (
      <StoryPortal registry={(loaded as Loaded).registry} http={p.http ?? cannedHttp({})} path={p.path ?? '/login'}>
        <div css={p.frameWidth ? { maxWidth: p.frameWidth, overflow: 'hidden' } : undefined}>
          <LoginPage />
        </div>
        {p.toasts ? <ToastHost /> : null}
      </StoryPortal>
    );
  },
  play: ({ canvasElement }) => pageReady(canvasElement),
};
export default meta;
type Story = StoryObj;

/** No slides configured: the drawn default banner (from 1024 px), the deployment's name, no footer links. */
export const DefaultBanner: Story = {};

/** One deployment slide: it stands still, no carousel controls. */
export const OneSlide: Story = {
  parameters: { layoutConfig: { slides: deploymentSlides.slice(0, 1) } },
};

/** Three deployment slides: the carousel with arrows, pause button and dots, paused on the first slide. */
export const SeveralSlides: Story = {
  parameters: { layoutConfig: { slides: deploymentSlides } },
  play: ({ canvasElement }) => pageReady(canvasElement, carouselPaused(canvasElement)),
};

/** A session code's client brands the page: its logo, title logo above the form, and its own slides (sorted). */
export const BrandedBySessionCode: Story = {
  parameters: {
    layoutConfig: { slides: deploymentSlides, links: footerLinks },
    path: '/login?session_code=sc-story-partner',
    http: branded(partnerInfo),
  },
  play: ({ canvasElement }) => pageReady(canvasElement, carouselPaused(canvasElement)),
};

/** A client with a title but no logo: the title is written in the header; one client slide. */
export const BrandedTitleOnly: Story = {
  parameters: {
    path: '/login?session_code=sc-story-title',
    http: branded({ ...partnerInfo, logoUrl: null, titleLogoUrl: null, carouselInfos: partnerInfo.carouselInfos.slice(1) }),
  },
};

/**
 * The phone layout at every width: the page is told the window is 375 px wide and drawn in a
 * 375 px column, so there is no banner (Loki's 375 configuration of any story is the real thing).
 */
export const PhoneWidth: Story = {
  parameters: { layoutConfig: { slides: deploymentSlides, links: footerLinks }, frameWidth: 375 },
  beforeEach: () => narrowWindow(375),
};

/** The language menu opened from its button (focus on the current language); the list scrolls past 288 px. */
export const LanguageMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    await pageReady(canvasElement);
    canvasElement.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]')?.click();
    await until(() => Boolean(canvasElement.querySelector('[role="menu"]')), '[role="menu"]');
  },
};

/** All four footer links configured: support, community, terms of use, privacy policy. */
export const FooterLinks: Story = {
  parameters: { layoutConfig: { links: footerLinks } },
};

/** A help-desk sign-in (source=zendesk): the help-desk notice sits above the form. */
export const HelpdeskSignIn: Story = {
  parameters: {
    layoutConfig: { links: footerLinks },
    path: '/login?session_code=sc-story-helpdesk&source=zendesk&brand_id=360001&locale_id=1&return_to=https%3A%2F%2Fhelp.vendor.example%2Fhc',
  },
  play: ({ canvasElement }) => pageReady(canvasElement, () => Boolean(canvasElement.querySelector('[role="note"]'))),
};

export const DarkTheme: Story = {
  parameters: { theme: 'midnight', layoutConfig: { links: footerLinks } },
};

export const RightToLeft: Story = {
  parameters: { dir: 'rtl', layoutConfig: { slides: deploymentSlides, links: footerLinks } },
  play: ({ canvasElement }) => pageReady(canvasElement, carouselPaused(canvasElement)),
};

/**
 * A session code's client with its own theme (the green partner) in its page info: the page,
 * and everything drawn over it, wears the client's colours; its very wide logo (10:1) is
 * scaled into the header's box, never cropped.
 */
export const ClientTheme: Story = {
  parameters: {
    layoutConfig: { slides: deploymentSlides, links: footerLinks },
    path: '/login?session_code=sc-story-green',
    http: branded({ ...partnerInfo, title: 'Green Partner', logoUrl: greenWideLogo, carouselInfos: partnerInfo.carouselInfos.slice(1), theme: GREEN_PARTNER_THEME }),
  },
  play: ({ canvasElement }) => pageReady(canvasElement, carouselPaused(canvasElement)),
};

/**
 * A toast (the register view's terms warning, say): over the form's column where the eye is, from
 * 768 px; never across the banner and the form. On a phone at the top of the screen.
 */
export const ToastOverForm: Story = {
  parameters: { layoutConfig: { slides: deploymentSlides.slice(0, 1), links: footerLinks }, toasts: true },
  beforeEach: () => {
    toast('Please read and accept the Terms of Use.', 'warning', { duration: Infinity });
    return () => dismissToast();
  },
};

/** In Arabic: the banner's arrows, the language menu and the form sit mirrored. */
export const Arabic: Story = inArabic(RightToLeft);

/** A client's page in Arabic: its logo and its name in the header (the name keeps its own direction), its title logo above the form. */
export const ArabicBranded: Story = inArabic(BrandedBySessionCode);

/** A toast in Arabic: over the form's column, which sits on the left beside the mirrored banner. */
export const ArabicToast: Story = inArabic(ToastOverForm, {
  beforeEach: () => {
    toast('يُرجى قراءة شروط الاستخدام والموافقة عليها.', 'warning', { duration: Infinity });
    return () => dismissToast();
  },
});

/** Slides with texts per language, on an Arabic page: the captions and the link in Arabic; a slide without Arabic texts keeps its plain ones. */
export const ArabicSlides: Story = inArabic({
  parameters: {
    layoutConfig: {
      links: footerLinks,
      slides: [
        { ...deploymentSlides[0]!, texts: { ar_SA: { description: 'أدِر كل أجهزة شركتك من مكان واحد.', linkText: 'اعرف المزيد' } } },
        ...deploymentSlides.slice(1),
      ],
    },
  },
  play: ({ canvasElement }: { canvasElement: HTMLElement }) => pageReady(canvasElement, carouselPaused(canvasElement)),
});
