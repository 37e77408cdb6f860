import { useTheme } from '@emotion/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, iconButtonStyle } from './iconButton';
import { KindIcon, kindColor } from './kindIcons';
import { atLeast } from './media';
import { dismissToast, holdToast, useToast } from './toastStore';

/**
 * The attribute a layout puts on its content column (the login page's form column beside the banner,
 * the account area's page column beside the menu): from 768 px a toast is centred over it, where the
 * eye is, instead of over the whole window (across a banner and a form).
 */
export const TOAST_ANCHOR_ATTRIBUTE = 'data-toast-anchor';

type Span = { left: number; right: number };

/** The content column's span in the window while a toast shows (followed on resize); null on a phone or without one. */
function useAnchorSpan(showing: boolean, mobileBelow: number): Span | null {
  const [span, setSpan] = useState<Span | null>(null);
  useEffect(() => {
    if (!showing) return;
    let watched: Element | undefined;
    const measure = () => {
      const anchors = document.querySelectorAll(`[${TOAST_ANCHOR_ATTRIBUTE}]`);
      const anchor = anchors[anchors.length - 1];
      if (anchor && anchor !== watched) {
        watched = anchor;
        observer?.observe(anchor);
      }
      if (!anchor || window.innerWidth < mobileBelow) return setSpan(null);
      const box = anchor.getBoundingClientRect();
      setSpan({ left: Math.max(0, box.left), right: Math.max(0, window.innerWidth - box.right) });
    };
    // The page may lay out after the toast came (a lazy view, a banner on a wide screen): measure again when it does.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => measure()) : null;
    observer?.observe(document.body);
    measure();
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [showing, mobileBelow]);
  return span;
}

/**
 * Mount once near the root. The live region is always in the DOM, so screen
 * readers are already listening when a toast arrives; errors use role=alert,
 * the others role=status. The key remounts the toast so a repeated message is
 * announced again.
 */
export function ToastHost() {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const item = useToast();
  const span = useAnchorSpan(item !== null, theme.breakpoints.mobile);
  const inset = theme.space(4);

  // A toast removed while hovered or focused must not leave the next one paused.
  useEffect(() => {
    if (!item) {
      holdToast('hover', false);
      holdToast('focus', false);
    }
  }, [item]);

  return (
    <div
      aria-live="polite"
      css={{
        position: 'fixed',
        // From 768 px below the pages' 64 px header, so no header or brand is covered; at the top on a phone.
        top: theme.space(4),
        [atLeast(theme.breakpoints.mobile)]: { top: theme.space(20) },
        insetInline: inset,
        zIndex: theme.zIndex.toast,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
      // Physical on purpose, like the measured box it copies: right to left it is the same span.
      // eslint-disable-next-line no-restricted-syntax -- the column's measured (physical) edges
      style={span ? { left: `${span.left + parseFloat(inset)}px`, right: `${span.right + parseFloat(inset)}px` } : undefined}
    >
      {item && (
        <div
          key={item.id}
          role={item.kind === 'error' ? 'alert' : 'status'}
          onMouseEnter={() => holdToast('hover', true)}
          onMouseLeave={() => holdToast('hover', false)}
          onFocus={() => holdToast('focus', true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget)) holdToast('focus', false);
          }}
          css={{
            pointerEvents: 'auto',
            display: 'flex',
            alignItems: 'flex-start',
            gap: theme.space(3),
            maxWidth: 480,
            paddingBlock: theme.space(3),
            paddingInline: `${theme.space(4)} ${theme.space(3)}`,
            background: theme.colors.surface,
            color: theme.colors.text,
            fontFamily: theme.font.family,
            fontSize: theme.font.sizeMd,
            lineHeight: 1.45,
            borderRadius: theme.radius.md,
            borderInlineStart: `4px solid ${kindColor(theme, item.kind)}`,
            boxShadow: theme.shadow.modal,
          }}
        >
          <KindIcon kind={item.kind} color={kindColor(theme, item.kind)} size={20} />
          <span css={{ flex: 1, overflowWrap: 'anywhere', paddingTop: 1 }}>{item.message}</span>
          <button
            type="button"
            aria-label={t('ui.toast.dismiss')}
            onClick={() => dismissToast(item.id)}
            css={iconButtonStyle(theme, 28)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
