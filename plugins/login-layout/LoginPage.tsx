import { useSetAtom } from 'jotai';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import {
  clientTheme,
  LoadingImage,
  LoginPageContext,
  type LoginPageInfo,
  type LoginPageServices,
  MAIL_LINK_CLIENT_PARAM,
  pageThemeAtom,
  showLanguage,
  storedLanguage,
  takeCarriedLoginParams,
  usePortal,
} from '@portal/plugin-api';
import { LoginLayout } from './LoginLayout';
import { createLoginFlow, goTo, initialView } from './loginFlow';
import { clientLanguage, fetchPageInfo } from './pageInfo';
import { isPreviewFrame, listenForPreview } from './preview';
import { ViewHost } from './ViewHost';

const SELF = 'login-layout';

/**
 * /login. Branding from the session code is fetched before the page shows, so the logo,
 * title, banner, language and theme are the client's from the first paint (never a flash of
 * the deployment's own), falling back to the deployment theme when there is no code. The
 * client's theme is lifted to the app (pageThemeAtom) so toasts and modals drawn outside the
 * page wear it too; leaving the page gives the deployment theme back.
 */
export default function LoginPage() {
  const { registry, http, config } = usePortal();
  const setPageTheme = useSetAtom(pageThemeAtom);
  const search = useSearch();
  // Parameters carried through the authorize entry (activation result, address) join the query.
  const [carried] = useState(takeCarriedLoginParams);
  const query = useMemo(() => {
    const q = new URLSearchParams(search);
    for (const [name, value] of Object.entries(carried)) if (!q.has(name)) q.set(name, value);
    return q;
  }, [search, carried]);
  const sessionCode = query.get('session_code');
  const linkClient = query.get(MAIL_LINK_CLIENT_PARAM);
  const [info, setInfo] = useState<LoginPageInfo | null | undefined>(undefined);

  // The branding belongs to the session code; other query changes keep it.
  const languageOf = useEffectEvent((result: LoginPageInfo | null) => clientLanguage(result, query, storedLanguage()));
  const themeOf = useEffectEvent((result: LoginPageInfo | null) => (result ? clientTheme(config.theme, result.theme, result.title) : null));
  const preview = useMemo(() => isPreviewFrame(query), [query]);
  useEffect(() => {
    // The ops console's live preview: the branding comes from the console as the operator types.
    if (!preview) return;
    return listenForPreview((result) => {
      setPageTheme(themeOf(result));
      setInfo(result);
    });
  }, [preview, setPageTheme]);
  useEffect(() => {
    if (preview) return;
    let live = true;
    void fetchPageInfo(http, sessionCode, linkClient).then(async (result) => {
      const language = languageOf(result);
      // The client's language is the page's, not the visitor's choice: shown, not remembered.
      if (language) await showLanguage(language);
      if (!live) return;
      setPageTheme(themeOf(result));
      setInfo(result);
    });
    return () => {
      live = false;
    };
  }, [http, sessionCode, linkClient, setPageTheme, preview]);

  useEffect(() => () => setPageTheme(null), [setPageTheme]);

  const allowed = useMemo(() => {
    const narrowed = info?.plugins ? new Set(info.plugins) : null;
    return (pluginId: string) => pluginId === SELF || !narrowed || narrowed.has(pluginId);
  }, [info]);
  const views = useMemo(() => registry.loginViews.filter((v) => allowed(v.pluginId)), [registry, allowed]);

  const flowRef = useRef<ReturnType<typeof createLoginFlow> | null>(null);
  flowRef.current ??= createLoginFlow(initialView(query, views.map((v) => v.value)) ?? '');
  const flow = flowRef.current;

  const services = useMemo<LoginPageServices>(
    () => ({
      goTo: (view, data) => goTo(flow, view, data),
      hasView: (view) => views.some((v) => v.value.id === view),
      pluginAllowed: allowed,
      pageInfo: info ?? null,
      query,
    }),
    [flow, views, allowed, info, query],
  );

  if (info === undefined) return <LoadingImage />;
  return (
    <LoginPageContext.Provider value={services}>
      <LoginLayout info={info}>
        <ViewHost flow={flow} views={views} />
      </LoginLayout>
    </LoginPageContext.Provider>
  );
}

