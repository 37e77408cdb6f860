import { useTheme, type CSSObject } from '@emotion/react';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type { ThemeTokens } from '../../themes/tokens';

export type Placement = 'top' | 'bottom' | 'left' | 'right';
export type TextDirection = 'ltr' | 'rtl';

/** Spec: placement is mirrored in right-to-left languages, so "left" means "towards the start". */
export function mirrorPlacement(placement: Placement, dir: TextDirection): Placement {
  if (dir !== 'rtl') return placement;
  return placement === 'left' ? 'right' : placement === 'right' ? 'left' : placement;
}

/** Direction of the nearest element with a dir attribute, else of the document. */
export function directionOf(el: Element | null): TextDirection {
  const dir = el?.closest('[dir]')?.getAttribute('dir') || document.documentElement.dir;
  return dir.toLowerCase() === 'rtl' ? 'rtl' : 'ltr';
}

type TriggerProps = { 'aria-describedby'?: string };

export interface TooltipProps {
  /** Text (or inline content) of the tooltip; keep it short and non-interactive. */
  content: ReactNode;
  /** One element that can take focus (a button, link, or an element with tabIndex=0). */
  children: ReactElement<TriggerProps>;
  /** Placement in left-to-right terms; mirrored automatically in RTL. */
  placement?: Placement;
  /** When true the tooltip never shows and the trigger is not described by it. */
  disabled?: boolean;
  /** Show without hover/focus (stories, visual tests). */
  defaultOpen?: boolean;
}

const GAP = 8;
const position: Record<Placement, CSSObject> = {
  top: { bottom: `calc(100% + ${GAP}px)`, left: '50%', transform: 'translateX(-50%)' },
  bottom: { top: `calc(100% + ${GAP}px)`, left: '50%', transform: 'translateX(-50%)' },
  left: { right: `calc(100% + ${GAP}px)`, top: '50%', transform: 'translateY(-50%)' },
  right: { left: `calc(100% + ${GAP}px)`, top: '50%', transform: 'translateY(-50%)' },
};

/**
 * A CSS-positioned tooltip: no positioning library, so it costs almost nothing on
 * the login route. It shows on hover and focus, stays while the pointer is over
 * the tooltip itself, and hides on Escape, blur or leave (WCAG 1.4.13). The
 * trigger is always aria-describedby the tooltip, so screen readers read the
 * text even when it is not visible.
 */
export function Tooltip({ content, children, placement = 'top', disabled = false, defaultOpen = false }: TooltipProps) {
  const theme = useTheme();
  const id = `tip-${useId()}`;
  const wrapper = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(defaultOpen);
  const [dir, setDir] = useState<TextDirection>('ltr');
  const side = mirrorPlacement(placement, dir);
  const visible = open && !disabled;

  // Read the direction after mount and each time it opens: the page language can change at run time.
  useEffect(() => setDir(directionOf(wrapper.current)), [open]);

  useEffect(() => {
    if (!visible) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  const describedBy = [children.props['aria-describedby'], disabled ? undefined : id].filter(Boolean).join(' ') || undefined;

  return (
    <span
      ref={wrapper}
      data-placement={side}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      css={{ position: 'relative', display: 'inline-flex', maxWidth: '100%' }}
    >
      {cloneElement(children, { 'aria-describedby': describedBy })}
      {!disabled && (
        <span role="tooltip" id={id} hidden={!visible} css={tooltipStyle(theme, side)}>
          {content}
        </span>
      )}
    </span>
  );
}

const tooltipStyle = (theme: ThemeTokens, side: Placement): CSSObject => ({
  position: 'absolute',
  ...position[side],
  zIndex: theme.zIndex.tooltip,
  width: 'max-content',
  maxWidth: 280,
  padding: `${theme.space(1.5)} ${theme.space(2.5)}`,
  background: theme.colors.text,
  color: theme.colors.surface,
  fontFamily: theme.font.family,
  fontSize: theme.font.sizeSm,
  fontWeight: 400,
  lineHeight: 1.4,
  textAlign: 'start',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  borderRadius: theme.radius.sm,
  boxShadow: theme.shadow.card,
  '&[hidden]': { display: 'none' },
});
