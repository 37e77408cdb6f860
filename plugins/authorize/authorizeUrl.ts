import type { AuthorizeConfig } from './config';

/** The URL of the server's /authorize for the portal itself (PKCE S256). */
export function authorizeUrl(apiBase: string, origin: string, config: AuthorizeConfig, challenge: string, state: string, language: string): string {
  const url = new URL(`${apiBase}/authorize`, origin);
  const params: Record<string, string> = {
    client_id: config.clientId,
    redirect_uri: `${origin}${config.redirectPath}`,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope: config.scope,
    lang: language,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
