import {
  APP_SESSION_PATH,
  type AppSessionRequest,
  type AppSessionResult,
  type HttpClient,
  type SessionGrant,
} from '@portal/plugin-api';
import type { AppLaunch, AppTokens } from './launch';

/**
 * Take over the app's sign-in: whatever session this web view held before is dropped (it may
 * be another account's), the app's tokens become the session, and the server binds the web
 * view to the app's sign-in session with its HttpOnly session cookie. An expired access token
 * is refreshed by the HTTP client on the way, with the app's refresh token.
 */
export async function takeOverAppSession(
  session: SessionGrant,
  http: HttpClient,
  launch: Extract<AppLaunch, { kind: 'app' }>,
  tokens: AppTokens,
): Promise<AppSessionResult> {
  session.forget('app take-over');
  session.signIn({ tokenType: tokens.tokenType, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  const body: AppSessionRequest = { appType: launch.appType, sessionId: tokens.sessionId };
  const result = await http.post<AppSessionResult>(APP_SESSION_PATH, body);
  session.confirmRegion(result.region);
  return result;
}
