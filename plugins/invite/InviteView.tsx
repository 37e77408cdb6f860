import { useTheme } from '@emotion/react';
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { InviteHeader } from './InviteHeader';
import { useTranslation } from 'react-i18next';
import {
  type AcceptInviteResult,
  Button,
  ERROR_CODES,
  type InviteInfo,
  kindColor,
  KindIcon,
  LoadingImage,
  type MessageKind,
  VisuallyHidden,
  focusTargetCss,
} from '@portal/plugin-api';

/** Everything the invite page can show; InvitePage moves between these, this file only draws them. */
export type InviteState =
  | { kind: 'loading' }
  /** Leaving for the login page (registration or sign-in); shown for the moment the navigation takes. */
  | { kind: 'redirecting'; to: 'register' | 'signIn' }
  /**
   * An expired invitation, or one closed while the page was open; for a signed-in person also an
   * unknown, used or revoked code (signed out, such a code goes to sign-in, which says why).
   */
  | { kind: 'invalid'; invite?: InviteInfo; signedIn?: boolean }
  /** The look-up itself failed (network, server trouble): worth trying again. */
  | { kind: 'lookupFailed'; message: string }
  /** A registered invitee who is signed in: offer to join. */
  /** `final`: the refusal cannot change by pressing again (Join is disabled). */
  | { kind: 'offer'; invite: InviteInfo; joining: boolean; error: { code: number; message: string; final?: boolean } | null }
  /** The invitation was accepted before (for instance by registering through it). */
  | { kind: 'accepted'; invite: InviteInfo; signedIn: boolean }
  | { kind: 'joined'; invite: InviteInfo; result: AcceptInviteResult };

export interface InviteViewProps {
  state: InviteState;
  /** Leave for the sign-in page (replacing /invite in the history). */
  onSignIn: () => void;
  onRetry: () => void;
  onJoin: () => void;
  onCompany: () => void;
  /** The signed-in person's account (/accountSetting). */
  onAccount: () => void;
}

function Card({ kind, heading, headingRef, children }: { kind?: MessageKind; heading: string; headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const theme = useTheme();
  return (
    <section
      aria-labelledby="invite-heading"
      css={{
        width: '100%',
        maxWidth: 520,
        background: theme.colors.surface,
        borderRadius: theme.radius.lg,
        boxShadow: theme.shadow.card,
        padding: theme.space(6),
        display: 'grid',
        gap: theme.space(4),
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: theme.space(3) }}>
        {kind && <KindIcon kind={kind} color={kindColor(theme, kind)} size={32} />}
        <h1
          id="invite-heading"
          ref={headingRef}
          tabIndex={-1}
          css={{ fontSize: theme.font.sizeXl, margin: 0, overflowWrap: 'anywhere', ...focusTargetCss }}
        >
          {heading}
        </h1>
      </div>
      {children}
    </section>
  );
}

function Text({ children, muted, id }: { children: ReactNode; muted?: boolean; id?: string }) {
  const theme = useTheme();
  return (
    <p id={id} css={{ margin: 0, color: muted ? theme.colors.textMuted : theme.colors.text, overflowWrap: 'anywhere' }}>
      {children}
    </p>
  );
}

function Actions({ children }: { children: ReactNode }) {
  const theme = useTheme();
  return <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(3), marginTop: theme.space(2) }}>{children}</div>;
}

/** Company, inviter, role and invited address, as far as the look-up returned them. */
function Details({ invite }: { invite: InviteInfo }) {
  const { t } = useTranslation('invite');
  const theme = useTheme();
  const rows: Array<[string, string]> = [];
  if (invite.orgName) rows.push([t('details.company'), invite.orgName]);
  if (invite.inviterName) rows.push([t('details.inviter'), invite.inviterName]);
  if (invite.role) rows.push([t('details.role'), t(`roles.${invite.role}`, { defaultValue: invite.role })]);
  if (invite.invitedEmail) rows.push([t('details.email'), invite.invitedEmail]);
  if (rows.length === 0) return null;
  return (
    <dl css={{ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)', columnGap: theme.space(4), rowGap: theme.space(2) }}>
      {rows.map(([label, value]) => (
        <div key={label} css={{ display: 'contents' }}>
          <dt css={{ color: theme.colors.textMuted }}>{label}</dt>
          <dd css={{ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The invite page's states, drawn from props only (no calls, no timers), so every state has a story. */
export function InviteView({ state, onSignIn, onRetry, onJoin, onCompany, onAccount }: InviteViewProps) {
  const { t } = useTranslation(['invite', 'core']);
  const theme = useTheme();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const finalError = state.kind === 'offer' && state.error?.final ? state.error.message : null;

  // A new state is a new page for a screen reader: move focus to its heading. Staying in a
  // state (an accept error shown under the offer) keeps focus on the button that was pressed.
  useEffect(() => {
    if (state.kind !== 'loading' && state.kind !== 'redirecting') headingRef.current?.focus();
  }, [state.kind]);
  // A refusal that disables Join would leave focus on a disabled button: the message takes it.
  useEffect(() => {
    if (finalError) errorRef.current?.focus();
  }, [finalError]);

  // While loading, the very spinner the app shows while the page's code and guards load (same size,
  // same place): one spinner that stays, not a small one followed by a big one elsewhere.
  if (state.kind === 'loading' || state.kind === 'redirecting') {
    const label = state.kind === 'loading' ? t('invite:loading') : t(state.to === 'register' ? 'invite:redirectingRegister' : 'invite:redirectingSignIn');
    return (
      <main id="main" aria-busy="true">
        <LoadingImage label={label} />
      </main>
    );
  }

  let body: ReactNode;
  switch (state.kind) {
    case 'invalid': {
      const { invite, signedIn } = state;
      const named = invite?.inviterName && invite.orgName ? { inviter: invite.inviterName, company: invite.orgName } : null;
      let hint: string;
      if (signedIn) hint = named ? t('invite:invalid.hintInviterSignedIn', named) : t('invite:invalid.hintSignedIn');
      else hint = named ? t('invite:invalid.hintInviter', named) : t('invite:invalid.hint');
      body = (
        <Card kind="warning" heading={t('invite:invalid.heading')} headingRef={headingRef}>
          <Text>{t('core:errors.invitationInvalid')}</Text>
          <Text muted>{hint}</Text>
          <Actions>{signedIn ? <Button onClick={onAccount}>{t('invite:goToAccount')}</Button> : <Button onClick={onSignIn}>{t('invite:goToSignIn')}</Button>}</Actions>
        </Card>
      );
      break;
    }
    case 'lookupFailed':
      body = (
        <Card kind="error" heading={t('invite:lookupFailed.heading')} headingRef={headingRef}>
          <Text>{state.message}</Text>
          <Actions>
            <Button onClick={onRetry}>{t('invite:lookupFailed.retry')}</Button>
            <Button variant="secondary" onClick={onSignIn}>
              {t('invite:goToSignIn')}
            </Button>
          </Actions>
        </Card>
      );
      break;
    case 'offer': {
      const { invite, joining, error } = state;
      body = (
        <Card heading={t('invite:offer.heading', { company: invite.orgName })} headingRef={headingRef}>
          <Text>
            {invite.inviterName
              ? t('invite:offer.introInviter', { inviter: invite.inviterName, company: invite.orgName })
              : t('invite:offer.intro', { company: invite.orgName })}
          </Text>
          <Details invite={invite} />
          {error && (
            <p id="invite-join-error" ref={errorRef} tabIndex={-1} role="alert" css={{ margin: 0, color: theme.colors.danger, overflowWrap: 'anywhere', ...focusTargetCss }}>
              {error.message}
            </p>
          )}
          <Actions>
            <Button loading={joining} disabled={error?.final} onClick={onJoin} aria-describedby={error ? 'invite-join-error' : undefined}>
              {t('invite:offer.join', { company: invite.orgName })}
            </Button>
            {error?.code === ERROR_CODES.alreadyInOrg && (
              <Button variant="secondary" disabled={joining} onClick={onCompany}>
                {t('invite:goToCompany')}
              </Button>
            )}
          </Actions>
          {/* The button's spinner shows the call; this says it out loud. */}
          <VisuallyHidden role="status">{joining ? t('invite:offer.joining', { company: invite.orgName }) : ''}</VisuallyHidden>
        </Card>
      );
      break;
    }
    case 'accepted':
      body = (
        <Card kind="info" heading={t('invite:accepted.heading')} headingRef={headingRef}>
          <Text>{t(state.signedIn ? 'invite:accepted.bodySignedIn' : 'invite:accepted.body', { company: state.invite.orgName })}</Text>
          <Actions>
            {state.signedIn ? <Button onClick={onCompany}>{t('invite:goToCompany')}</Button> : <Button onClick={onSignIn}>{t('invite:goToSignIn')}</Button>}
          </Actions>
        </Card>
      );
      break;
    case 'joined':
      body = (
        <Card kind="success" heading={t('invite:joined.heading', { company: state.result.orgName || state.invite.orgName })} headingRef={headingRef}>
          <Text>{t('invite:joined.body')}</Text>
          <Details invite={{ ...state.invite, orgName: state.result.orgName || state.invite.orgName, role: state.result.role || state.invite.role }} />
          <Actions>
            <Button onClick={onCompany}>{t('invite:goToCompany')}</Button>
          </Actions>
        </Card>
      );
      break;
    default: {
      const unreachable: never = state;
      throw new Error(`Unknown invite state ${JSON.stringify(unreachable)}`);
    }
  }

  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: theme.colors.background }}>
      <InviteHeader />
      <main
        id="main"
        css={{
          flex: '1 0 auto',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          padding: `${theme.space(4)} ${theme.space(4)} ${theme.space(12)}`,
          boxSizing: 'border-box',
          position: 'relative',
        }}
      >
        {body}
      </main>
    </div>
  );
}
