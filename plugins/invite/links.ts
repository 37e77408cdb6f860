/** Where the invite page sends people: always the login page, keeping the chosen language. */

function loginUrl(params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const qs = query.toString();
  return `/login${qs ? `?${qs}` : ''}`;
}

/** The invited registration: the /login guard checks the code again and the register view prefills from it. */
export function registerUrl(inviteCode: string, lang: string | null): string {
  return loginUrl({ module: 'register', inviteCode, lang });
}

/** Sign-in that comes back to `returnTo` (an absolute URL of this portal) once signed in. */
export function signInUrl(lang: string | null, returnTo?: string): string {
  return loginUrl({ return_to: returnTo, lang });
}

/** This page's absolute URL (the same query), for return_to. */
export function absoluteUrl(origin: string, path: string, search: string): string {
  return `${origin}${path}${search ? `?${search.replace(/^\?/, '')}` : ''}`;
}
