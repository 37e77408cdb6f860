import type { ThemeTokens } from '../../themes/tokens';

/** Message kinds shared by modals and toasts. */
export type MessageKind = 'info' | 'success' | 'error' | 'warning' | 'confirm';

/** Theme colour of each kind: the icon and accent carry it, text stays in the body colour for contrast. */
export function kindColor(theme: ThemeTokens, kind: MessageKind): string {
  const c = theme.colors;
  return { info: c.info, success: c.success, error: c.danger, warning: c.warning, confirm: c.primary }[kind];
}

const paths: Record<MessageKind, string> = {
  info: 'M12 7.5v.01M12 11v6',
  success: 'M7.5 12.5l3 3 6-6.5',
  error: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  warning: 'M12 7v6M12 16.5v.01',
  confirm: 'M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17v.01',
};

/** Decorative kind icon (aria-hidden): the kind is conveyed in text by the caller. */
export function KindIcon({ kind, color, size = 24 }: { kind: MessageKind; color: string; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 24 24" css={{ flex: 'none' }}>
      <circle cx="12" cy="12" r="10" fill={color} />
      <path d={paths[kind]} fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
