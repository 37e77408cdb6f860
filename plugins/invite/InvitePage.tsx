import { useStore } from 'jotai';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import {
  type AcceptInviteResult,
  ApiError,
  codeIsUnusable,
  ERROR_CODES,
  errorMessage,
  INVITE_STATUS_UNREGISTERED,
  type InviteInfo,
  isAbortError,
  type InviteGuardReason,
  refuseInvite,
  regionAtom,
  saveInvite,
  signedInAtom,
  useErrorHandler,
  useHttp,
  usePluginConfig,
} from '@portal/plugin-api';
import { inviteConfig } from './config';
import { inviteeMessage, isFinalJoinError } from './joinErrors';
import { InviteView, type InviteState } from './InviteView';
import { absoluteUrl, registerUrl, signInUrl } from './links';

/**
 * /invite?inviteCode=… (spec section 2: the accept-invitation page).
 *
 * - No code, or a code the look-up rejects (unknown, closed): back to sign-in with the URL replaced
 *   by /login (spec section 2), and the sign-in page says why (`refuseInvite`), so the link does
 *   not just look broken.
 * - unregistered: remember the invitation (the /login guard and the register view read it) and
 *   replace the URL with the invited registration.
 * - registered, not signed in: sign-in with return_to = this page, so the invitee comes back
 *   here signed in; registered and signed in: offer to join, then the joined-success state.
 * - accepted: the server accepts an invitation only once (a registration through it accepts it
 *   already), so instead of a Join button that could only fail there is an 'already accepted' state.
 * - expired: the invalid-invitation state: the -40012 message and whom to ask for a new one.
 * - A signed-in person is never sent away without a word: an unknown, used or revoked code shows
 *   the invalid-invitation state too, with the way on to the account (sign-in would only forward
 *   them to My Profile).
 */
export default function InvitePage() {
  const { t } = useTranslation(['invite', 'core']);
  const http = useHttp();
  const store = useStore();
  const settings = usePluginConfig(inviteConfig);
  const handleError = useErrorHandler();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const code = query.get('inviteCode')?.trim() ?? '';
  const lang = query.get('lang');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<InviteState>(code ? { kind: 'loading' } : { kind: 'redirecting', to: 'signIn' });
  // The latest values for callbacks run after a call returns.
  const latest = useRef({ path, search, lang });
  latest.current = { path, search, lang };

  // In the language shown when the lookup fails; a language switch must not look the invitation up again.
  const messageOf = useEffectEvent((error: unknown) => errorMessage(error, t));
  const refuse = useEffectEvent((reason: InviteGuardReason) => {
    if (reason === 'invalid' && store.get(signedInAtom)) return setState({ kind: 'invalid', signedIn: true });
    refuseInvite(reason);
    setState({ kind: 'redirecting', to: 'signIn' });
    navigate(`~${signInUrl(latest.current.lang)}`, { replace: true });
  });
  useEffect(() => {
    if (!code) return refuse('missing');
    const controller = new AbortController();
    setState({ kind: 'loading' });
    http
      .get<InviteInfo>(`/orgs/members/invitations/${encodeURIComponent(code)}`, { auth: 'none', signal: controller.signal })
      .then(
        (invite) => {
          if (controller.signal.aborted) return;
          const { path: here, search: qs, lang: language } = latest.current;
          const signedIn = store.get(signedInAtom);
          switch (invite.status) {
            case INVITE_STATUS_UNREGISTERED:
              saveInvite({
                invitedEmail: invite.invitedEmail,
                inviteCode: code,
                orgRegion: invite.orgRegion,
                status: invite.status,
                ...(invite.orgCountry ? { orgCountry: invite.orgCountry } : {}),
              });
              setState({ kind: 'redirecting', to: 'register' });
              navigate(`~${registerUrl(code, language)}`, { replace: true });
              return;
            case 'registered':
              if (signedIn) {
                setState({ kind: 'offer', invite, joining: false, error: null });
              } else {
                setState({ kind: 'redirecting', to: 'signIn' });
                navigate(`~${signInUrl(language, absoluteUrl(window.location.origin, here, qs))}`, { replace: true });
              }
              return;
            case 'accepted':
              setState({ kind: 'accepted', invite, signedIn });
              return;
            case 'expired':
              setState({ kind: 'invalid', invite, signedIn });
              return;
            default:
              refuse('invalid');
          }
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbortError(error)) return;
          if (codeIsUnusable(error)) refuse('invalid');
          else setState({ kind: 'lookupFailed', message: messageOf(error) });
        },
      );
    return () => controller.abort();
  }, [code, attempt, http, store, navigate]);

  const join = useCallback(async () => {
    if (state.kind !== 'offer' || state.joining) return;
    const { invite } = state;
    setState({ kind: 'offer', invite, joining: true, error: null });
    try {
      // Regional host of the signed-in account; before its region is known, the company's
      // (joining works only within one region, so that is the account's region whenever it can succeed).
      const result = await http.post<AcceptInviteResult>(
        '/orgs/members/invitations/status',
        { inviteCode: invite.inviteCode || code },
        { scope: 'regional', region: store.get(regionAtom) ?? invite.orgRegion },
      );
      setState({ kind: 'joined', invite, result });
    } catch (error) {
      let closed = false;
      const outcome = handleError(error, {
        suppressToast: true,
        handlers: {
          // Accepted, cancelled or expired meanwhile, or sent to another address.
          [ERROR_CODES.invitationInvalid]: () => (closed = true),
        },
      });
      if (closed) return setState({ kind: 'invalid', invite });
      // 'silent': the page shows the error itself, in the invitee's words where the catalogue's are
      // the inviter's; a plugin handler or the session-ended modal has already told the user otherwise.
      const errorCode = error instanceof ApiError ? error.code : 0;
      const shown =
        outcome === 'silent'
          ? { code: errorCode, message: inviteeMessage(errorCode, invite, t) ?? errorMessage(error, t), final: isFinalJoinError(errorCode) }
          : null;
      setState({ kind: 'offer', invite, joining: false, error: shown });
    }
  }, [state, http, store, code, handleError, t]);

  return (
    <InviteView
      state={state}
      onSignIn={() => navigate(`~${signInUrl(lang)}`, { replace: true })}
      onRetry={() => setAttempt((n) => n + 1)}
      onJoin={() => void join()}
      onCompany={() => navigate(`~${settings.companyPath}`)}
      onAccount={() => navigate('~/accountSetting')}
    />
  );
}
