import { useTheme } from '@emotion/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, iconButtonStyle } from './iconButton';
import { KindIcon, kindColor } from './kindIcons';
import { atLeast } from './media';
import { dismissToast, holdToast, useToast } from './toastStore';

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
        insetInline: theme.space(4),
        zIndex: theme.zIndex.toast,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      }}
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
