import { useTheme } from '@emotion/react';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, currentLanguage, LOGIN_PREVIEW_INFO, LOGIN_PREVIEW_PARAM, LOGIN_PREVIEW_READY, type LoginPageInfo } from '@portal/plugin-api';

/** The widths the preview shows: a phone and a laptop (spec section 9's smallest and largest). */
export const PREVIEW_WIDTHS = [
  { width: 375, height: 740, scale: 0.8 },
  { width: 1366, height: 820, scale: 0.5 },
] as const;

/** Where a frame loads the login page from: the portal's own /login (stories give a blank page: Storybook serves no /login). */
export const PreviewSource = createContext((language: string) => `/login?${LOGIN_PREVIEW_PARAM}=1&lang=${encodeURIComponent(language)}`);

/** How long typing may pause before the frames are told (a frame re-renders the whole page). */
const SETTLE_MS = 150;

/**
 * One frame of the portal's own /login (the real page: its layout, breakpoints, theme and texts),
 * told the branding being edited. It asks for it when it listens (LOGIN_PREVIEW_READY), and is
 * told again whenever the form changes.
 */
function PreviewFrame({ info, width, height, scale, language }: { info: LoginPageInfo; width: number; height: number; scale: number; language: string }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(info);
  latest.current = info;
  const [ready, setReady] = useState(false);
  // The frame keeps its width (the page's breakpoints see it) and is drawn smaller where the column is narrower.
  const figure = useRef<HTMLElement>(null);
  const [fit, setFit] = useState(scale);
  useEffect(() => {
    const el = figure.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setFit(Math.min(scale, el.clientWidth / width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [scale, width]);
  const src = useContext(PreviewSource)(language);

  useEffect(() => {
    setReady(false);
    const origin = window.location.origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type !== LOGIN_PREVIEW_READY) return;
      setReady(true);
      frame.current?.contentWindow?.postMessage({ type: LOGIN_PREVIEW_INFO, info: latest.current }, origin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => frame.current?.contentWindow?.postMessage({ type: LOGIN_PREVIEW_INFO, info }, window.location.origin), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [info, ready]);

  return (
    <figure ref={figure} css={{ margin: 0, display: 'grid', gap: theme.space(1), justifyItems: 'start', width: width * scale, maxWidth: '100%', minWidth: 0, flex: '0 1 auto' }}>
      <figcaption css={{ fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('preview.width', { width })}</figcaption>
      {/* Inert: a picture of the page. Its autofocus must not take the operator's focus from the form, nor
          its sign-in (a passkey's autofill) run; what it says is in the form and the contrast report. */}
      <div inert css={{ width: width * fit, height: height * fit, overflow: 'hidden', border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, background: theme.colors.background }}>
        <iframe
          ref={frame}
          src={src}
          title={t('preview.frameTitle', { width })}
          width={width}
          height={height}
          data-preview-width={width}
          tabIndex={-1}
          css={{ border: 0, transform: `scale(${fit})`, transformOrigin: '0 0', display: 'block' }}
        />
      </div>
    </figure>
  );
}

/**
 * The live preview of the service's login page, at 375 and 1366 px, in the console's language or
 * in Arabic (right to left), updated as the operator types, before anything is saved.
 */
export function ServicePreview({ info }: { info: LoginPageInfo }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const [arabic, setArabic] = useState(false);
  const language = arabic ? 'ar_SA' : currentLanguage();
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(3) }}>
      <div>
        <Button size="sm" variant="secondary" aria-pressed={arabic} onClick={() => setArabic((a) => !a)}>
          {t('preview.arabic')}
        </Button>
      </div>
      <p css={{ margin: 0, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>{t('preview.intro')}</p>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(4), alignItems: 'flex-start', minWidth: 0 }}>
        {PREVIEW_WIDTHS.map((w) => (
          <PreviewFrame key={`${w.width}-${language}`} info={info} width={w.width} height={w.height} scale={w.scale} language={language} />
        ))}
      </div>
    </div>
  );
}
