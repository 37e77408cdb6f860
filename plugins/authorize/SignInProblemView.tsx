import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllowList, isAllowedRedirect, isSignInProblem, PortalHeader, SIGN_IN_PROBLEM_SERVICE_PARAM, type SignInProblem, usePluginConfig, usePortal } from '@portal/plugin-api';
import { AuthorizeProblem } from './AuthorizeProblem';
import { authorizeConfig } from './config';

/** The fixed message of each kind (the address names a kind only; an unknown one reads as a bad request). */
export function problemKind(query: URLSearchParams): SignInProblem {
  const kind = query.get('kind');
  return isSignInProblem(kind) ? kind : 'invalidRequest';
}

/**
 * The address's service to go back to, once its origin is found on the redirect allow-list; null
 * while unchecked or where it is not (a crafted address must not make this page an open redirect).
 */
function useAllowedService(service: string | null): string | null {
  const { http, config } = usePortal();
  const [allowed, setAllowed] = useState<string | null>(null);
  useEffect(() => {
    if (!service) return;
    let live = true;
    void fetchAllowList(http, config).then((list) => {
      if (live && isAllowedRedirect(service, list, window.location.origin)) setAllowed(new URL(service, window.location.origin).toString());
    });
    return () => {
      live = false;
    };
  }, [service, http, config]);
  return allowed;
}

/**
 * `/sign-in-problem?kind=…[&service=…]`: a connected service's sign-in request that cannot go
 * back to the service as asked (the server sends a navigating browser here), in the portal's look
 * and the user's language, with the way on: back to the service, a fresh start, support.
 */
export default function SignInProblemView() {
  const query = new URLSearchParams(window.location.search);
  const { supportUrl } = usePluginConfig(authorizeConfig);
  const serviceUrl = useAllowedService(query.get(SIGN_IN_PROBLEM_SERVICE_PARAM));
  return <SignInProblemPage kind={problemKind(query)} serviceUrl={serviceUrl} supportUrl={supportUrl} />;
}

export function SignInProblemPage({ kind, serviceUrl, supportUrl }: { kind: SignInProblem; serviceUrl?: string | null; supportUrl?: string }) {
  const { t } = useTranslation('authorize');
  // A page of its own (the browser landed here): the portal's header with the brand and the language menu.
  return (
    <>
      <PortalHeader />
      <AuthorizeProblem message={t(`problems.${kind}`)} serviceUrl={serviceUrl} supportUrl={supportUrl} />
    </>
  );
}
