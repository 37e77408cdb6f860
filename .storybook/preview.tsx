import { Global, css, type Theme } from '@emotion/react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { createStore } from 'jotai';
import { addons, useMemo } from 'storybook/preview-api';
import { STORY_ERRORED, STORY_MISSING, STORY_RENDERED, STORY_THREW_EXCEPTION } from 'storybook/internal/core-events';
import { Providers } from '../core/testing/Providers';
import { createTestI18n, type TestLanguage } from '../core/testing/testI18n';
import { languageByCode } from '../core/i18n/languages';
import type { ClientTheme } from '../core/contract/auth';
import { clientTheme as composeClientTheme, composeTheme } from '../themes/whiteLabel';
import type { ThemeOverrides } from '../themes/tokens';

/*
 * Story parameters understood here (documented in tests/visual/README.md):
 *   parameters.theme          a base theme's name: any themes/<name>.theme.ts ('default' when absent)
 *   parameters.themeOverrides white-label overrides layered on top of that theme
 *   parameters.clientTheme    a connected service's theme over the deployment's, composed as the
 *                             login page does (core/testing/storyThemes.ts: GREEN_PARTNER_THEME)
 *   parameters.dir            'rtl' to render right-to-left (anything else: ltr)
 *   parameters.lang           'ar_SA' to render in Arabic, right to left (`<html lang dir>` follow it);
 *                             default English
 *   parameters.loki           Loki options for the story, e.g. { chromeSelector: '#headlessui-portal-root' }
 */

interface LokiHelpers {
  isRunning?: boolean;
  registerPendingPromise?: (promise: Promise<unknown>) => void;
  awaitReady?: () => Promise<unknown>;
}

interface ExtractedStory {
  id: string;
  title: string;
  name: string;
  parameters?: Record<string, unknown>;
}

interface StoryStoreLike {
  cachedCSFFiles?: unknown;
  extract(options?: { includeDocsOnly?: boolean }): Record<string, ExtractedStory>;
  raw?: () => Array<{ id: string; kind: string; story: string; name: string; title: string; parameters: Record<string, unknown> }>;
}

interface PreviewLike {
  ready(): Promise<unknown>;
  storyStoreValue?: StoryStoreLike;
}

type StorybookWindow = Window & {
  loki?: LokiHelpers;
  __STORYBOOK_PREVIEW__?: PreviewLike;
};

const win = window as StorybookWindow;

/** True inside a Loki screenshot tab (Loki injects `window.loki` before any page script runs). */
const lokiRunning = Boolean(win.loki?.isRunning);

/**
 * Loki 0.35 lists stories with `__STORYBOOK_PREVIEW__.extract()` followed by the
 * Storybook 6/7 `storyStore.raw()`, which Storybook 10 no longer has (and the store
 * proxy throws if read before the index has loaded). This gives the store a `raw()`
 * built on `extract()`, once the story index is in, and makes Loki wait for it.
 */
function installLokiShim(): Promise<void> {
  const waitForPreview = () =>
    new Promise<PreviewLike>((resolve) => {
      const poll = () => (win.__STORYBOOK_PREVIEW__ ? resolve(win.__STORYBOOK_PREVIEW__) : setTimeout(poll, 10));
      poll();
    });

  return waitForPreview()
    .then((preview) => preview.ready().then(() => preview))
    .then((preview) => {
      const store = preview.storyStoreValue;
      if (!store || store.raw) return;
      store.raw = () => {
        if (!store.cachedCSFFiles) {
          throw new Error('storyStore.raw(): call __STORYBOOK_PREVIEW__.extract() first (it loads every CSF file)');
        }
        return Object.values(store.extract()).map((entry) => ({
          id: entry.id,
          kind: entry.title,
          story: entry.name,
          name: entry.name,
          title: entry.title,
          parameters: entry.parameters ?? {},
        }));
      };
    });
}

/**
 * Resolves in the browser's next rendering update (after style and layout, before
 * paint). Loki replaces requestAnimationFrame with a timer, so a ResizeObserver's
 * first callback is what marks a real frame here.
 */
function nextRenderingUpdate(): Promise<void> {
  return new Promise<void>((resolve) => {
    const probe = document.createElement('div');
    probe.setAttribute('aria-hidden', 'true');
    probe.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;visibility:hidden;pointer-events:none';
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(fallback);
      observer.disconnect();
      probe.remove();
      resolve();
    };
    const observer = new ResizeObserver(finish);
    // A page that produces no frames must not hold the screenshot forever.
    const fallback = setTimeout(finish, 1000);
    document.body.appendChild(probe);
    observer.observe(probe);
  });
}

/** In a Loki tab that shows one story: settles once Storybook has rendered it (or failed to). */
function storyRendered(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = addons.getChannel();
    const events = [STORY_RENDERED, STORY_ERRORED, STORY_THREW_EXCEPTION, STORY_MISSING];
    const done = () => {
      clearTimeout(timer);
      for (const event of events) channel.off(event, done);
      resolve();
    };
    const timer = setTimeout(done, 15_000);
    for (const event of events) channel.on(event, done);
  });
}

/**
 * What a story loaded through the catalogues (plugins, locale namespaces; core/build/virtualModules.mjs
 * and core/testing/testI18n.ts tell it here), sent to the visual run's server before the screenshot.
 * A story whose files and these are unchanged is not shot again (scripts/visual-digests.mjs).
 */
const traced = new Set<string>();
if (lokiRunning) {
  (globalThis as { __portalVisualTrace?: (kind: string, key: string) => void }).__portalVisualTrace = (kind, key) => {
    traced.add(`${kind}:${key}`);
  };
}
function sendTrace(): void {
  const id = new URLSearchParams(window.location.search).get('id');
  if (id) navigator.sendBeacon('/__visual-trace', JSON.stringify({ id, uses: [...traced].sort() }));
}

const shim = installLokiShim();
const loki = win.loki;
if (loki?.registerPendingPromise && loki.awaitReady) {
  loki.registerPendingPromise(shim.catch(() => undefined));
  if (new URLSearchParams(window.location.search).has('id')) {
    // Hold the screenshot until the story has rendered (a failure shows Storybook's
    // error, which Loki reports), then, right before Loki measures and captures, until
    // the fonts are in and two real frames have gone by, so that the compositor has
    // painted the final DOM (lazy chunks, late effects) and not an earlier frame.
    loki.registerPendingPromise(storyRendered());
    const awaitReady = loki.awaitReady;
    loki.awaitReady = () =>
      awaitReady()
        .then(() => document.fonts.ready)
        .then(nextRenderingUpdate)
        .then(nextRenderingUpdate)
        .then(() => {
          sendTrace();
          return true;
        });
  }
}

/** Screenshots must not catch an animation half-way, nor a blinking caret. */
const freezeMotion = lokiRunning || import.meta.env.PROD;

const i18nByLanguage: Record<TestLanguage, ReturnType<typeof createTestI18n>> = { en_US: createTestI18n(), ar_SA: createTestI18n('ar_SA') };

const globalStyles = (theme: Theme) => css`
  html,
  body {
    margin: 0;
    background: ${theme.colors.background};
    color: ${theme.colors.text};
    font-family: ${theme.font.family};
    font-size: ${theme.font.sizeMd};
    -webkit-font-smoothing: antialiased;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
`;

const frozenMotion = css`
  *,
  *::before,
  *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }
  /* Loki sizes a screenshot by every element's box, and a <wbr>'s (EmailAddress's break points) sits at
     the page's corner: an invisible one is left out, and it still breaks the line. */
  wbr {
    opacity: 0;
  }
`;

const withPortalProviders: Decorator = (Story, context) => {
  const { theme: themeName, themeOverrides, clientTheme, dir, lang = 'en_US' } = context.parameters as {
    theme?: string;
    themeOverrides?: ThemeOverrides;
    clientTheme?: ClientTheme;
    dir?: string;
    lang?: TestLanguage;
  };
  const language = languageByCode(lang);
  const theme = useMemo(
    () => composeClientTheme({ name: themeName, overrides: themeOverrides }, clientTheme) ?? composeTheme(themeName, themeOverrides),
    [themeName, themeOverrides, clientTheme],
  );
  // One fresh jotai store per story, kept across re-renders of that story.
  const store = useMemo(() => createStore(), [context.id]);

  // Set before the story renders, so portals and first layout already see it.
  const root = document.documentElement;
  root.dir = dir === 'rtl' ? 'rtl' : language.dir;
  root.lang = language.bcp47.split('-')[0]!;

  return (
    <Providers theme={theme} i18n={i18nByLanguage[lang]} store={store}>
      <Global styles={globalStyles(theme)} />
      {freezeMotion ? <Global styles={frozenMotion} /> : null}
      <Story />
    </Providers>
  );
};

const preview: Preview = {
  decorators: [withPortalProviders],
  parameters: {
    layout: 'padded',
    controls: { disable: true },
    actions: { disable: true },
  },
};

export default preview;
