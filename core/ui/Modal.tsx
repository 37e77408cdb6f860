import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTheme } from '@emotion/react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { focusRing } from './focusRing';
import { CloseIcon, iconButtonStyle } from './iconButton';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { clampOffset, contentMaxHeight, keyStep, MODAL_MARGIN, type Offset } from './dragMath';
import { KindIcon, kindColor } from './kindIcons';
import { useViewportHeight } from './media';
import { useBoxSize } from './useBoxSize';
import type { ModalKind } from './modalStore';
import { VisuallyHidden, visuallyHiddenStyle } from './VisuallyHidden';
import { longValueCss } from './EmailAddress';

export interface ModalProps {
  open: boolean;
  /** Escape, backdrop click, the close button and Cancel all call this (unless not dismissible). */
  onClose: () => void;
  kind?: ModalKind;
  /** Defaults to the kind's name (ui.modal.*). */
  title?: ReactNode;
  /** Message text shown first in the body; it becomes the dialog's aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Replaces the default OK/Cancel buttons. */
  footer?: ReactNode;
  /** Renders the default footer: OK calls this. */
  onOk?: () => void;
  okLabel?: string;
  cancelLabel?: string;
  /** Default: true for kind 'confirm'. */
  showCancel?: boolean;
  okLoading?: boolean;
  maxWidth?: number | string;
  /** false: Escape, backdrop and close button do nothing; the user must use the footer. */
  dismissible?: boolean;
  draggable?: boolean;
  /** Covers the whole window (migration dialogs); never draggable. */
  fullScreen?: boolean;
  /** Element focused on open; defaults to OK, else the first control in the body or footer. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * The portal's dialog. headlessui supplies the focus trap, focus return, Escape,
 * outside click, scroll lock and inert background; this adds kinds, dragging and
 * a content height that always fits the window. It is mounted only while open,
 * so a dragged position is forgotten when it is reopened.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

const noop = () => {};
/** The width of a full-screen dialog's content column (themes/design.md). */
const FULL_SCREEN_COLUMN = 560;

function OpenModal({
  onClose,
  kind = 'normal',
  title,
  description,
  children,
  footer,
  onOk,
  okLabel,
  cancelLabel,
  showCancel = kind === 'confirm',
  okLoading = false,
  maxWidth = 480,
  dismissible = true,
  draggable = true,
  fullScreen = false,
  initialFocus,
}: ModalProps) {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const hintId = useId();
  const canDrag = draggable && !fullScreen;

  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // Content height follows the window and the measured header and footer.
  const windowHeight = useViewportHeight();
  const [measureHeader, header] = useBoxSize();
  const [measureFooter, footerBox] = useBoxSize();
  const [measureBody, body] = useBoxSize();
  const margin = fullScreen ? 0 : MODAL_MARGIN;
  const maxHeight = contentMaxHeight(windowHeight, header.height, footerBox.height, margin);

  // headlessui reads initialFocus.current in a micro-task after the portal has mounted,
  // so a getter picks the target from the rendered dialog, not from an earlier render.
  const focusTarget = useMemo(
    () => ({
      get current(): HTMLElement | null {
        return (
          initialFocus?.current ??
          okRef.current ??
          firstFocusable(bodyRef.current) ??
          firstFocusable(footerRef.current) ??
          closeRef.current ??
          panelRef.current
        );
      },
      set current(_ignored: HTMLElement | null) {},
    }),
    [initialFocus],
  );

  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const moveBy = (delta: Offset, from: Offset = offset, base = baseBox(panelRef.current, offset)) =>
    setOffset(clampOffset({ x: from.x + delta.x, y: from.y + delta.y }, base, { width: window.innerWidth, height: window.innerHeight }));

  const drag = useRef<{ x: number; y: number; from: Offset; base: ReturnType<typeof baseBox> } | null>(null);
  const stopDrag = useRef(noop);
  useEffect(() => () => stopDrag.current(), []);
  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    // Only the primary button, and never when the press starts on a button in the header (close).
    if (!canDrag || event.button !== 0 || (event.target as Element).closest('button:not([data-drag-handle])')) return;
    event.preventDefault();
    drag.current = { x: event.clientX, y: event.clientY, from: offset, base: baseBox(panelRef.current, offset) };
    // Window listeners instead of pointer capture: the pointer may leave the header while dragging.
    const move = (e: PointerEvent) => {
      const d = drag.current;
      if (d) moveBy({ x: e.clientX - d.x, y: e.clientY - d.y }, d.from, d.base);
    };
    const up = () => stopDrag.current();
    stopDrag.current = () => {
      drag.current = null;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', up);
      stopDrag.current = noop;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', up);
  };
  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = keyStep(event.key, event.shiftKey);
    if (!step) return;
    event.preventDefault();
    moveBy(step);
  };

  const color = kind === 'normal' ? theme.colors.text : kindColor(theme, kind);
  const heading = title ?? (kind === 'normal' ? t('ui.modal.normal') : t(`ui.modal.${kind}`));
  const footerNode =
    footer ??
    (onOk ? (
      <>
        {showCancel && (
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel ?? t('ui.cancel')}
          </Button>
        )}
        <Button ref={okRef} variant={kind === 'error' ? 'danger' : 'primary'} loading={okLoading} onClick={onOk}>
          {okLabel ?? t('ui.ok')}
        </Button>
      </>
    ) : null);

  const content = (
    <>
      {description !== undefined && description !== null && <Description css={{ margin: 0, whiteSpace: 'pre-line', lineHeight: 1.5, ...longValueCss }}>{description}</Description>}
      {children}
    </>
  );
  const footerCss = { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: theme.space(3) } as const;

  return (
    <Dialog
      open
      onClose={dismissible ? onClose : noop}
      role={kind === 'confirm' || kind === 'error' || kind === 'warning' ? 'alertdialog' : 'dialog'}
      initialFocus={focusTarget}
      css={{ position: 'relative', zIndex: theme.zIndex.modal }}
    >
      <DialogBackdrop css={{ position: 'fixed', inset: 0, background: theme.colors.overlay }} />
      <div css={{ position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: `${margin}px ${fullScreen ? 0 : 16}px` }}>
        <DialogPanel
          ref={panelRef}
          tabIndex={-1}
          style={offset.x || offset.y ? { transform: `translate(${offset.x}px, ${offset.y}px)` } : undefined}
          css={{
            display: 'flex',
            flexDirection: 'column',
            width: '100%',
            maxWidth: fullScreen ? '100%' : maxWidth,
            height: fullScreen ? '100%' : undefined,
            background: theme.colors.surface,
            color: theme.colors.text,
            fontFamily: theme.font.family,
            borderRadius: fullScreen ? 0 : theme.radius.lg,
            boxShadow: theme.shadow.modal,
            borderTop: kind === 'normal' ? undefined : `4px solid ${color}`,
            outline: 'none',
          }}
        >
          <div
            ref={measureHeader}
            onPointerDown={onPointerDown}
            css={{
              display: 'flex',
              alignItems: 'center',
              gap: theme.space(2),
              padding: fullScreen ? `${theme.space(3)} ${theme.space(5)}` : `${theme.space(4)} ${theme.space(5)} ${theme.space(2)}`,
              borderBottom: fullScreen ? `1px solid ${theme.colors.border}` : undefined,
              cursor: canDrag ? 'move' : undefined,
              userSelect: 'none',
              touchAction: canDrag ? 'none' : undefined,
            }}
          >
            <DialogTitle
              css={[
                { display: 'flex', alignItems: 'center', gap: theme.space(2), flex: 1, margin: 0, fontSize: theme.font.sizeLg, fontWeight: 600, minWidth: 0 },
                kind === 'normal' && title === undefined && visuallyHiddenStyle,
              ]}
            >
              {kind !== 'normal' &&
                (title === undefined ? (
                  <KindIcon kind={kind} color={color} />
                ) : (
                  // With a custom title the kind joins it for screen readers ("Error Session timed out"): colour alone is not enough.
                  <span role="img" aria-label={t(`ui.modal.${kind}`)} css={{ display: 'inline-flex' }}>
                    <KindIcon kind={kind} color={color} />
                  </span>
                ))}
              <span css={{ overflowWrap: 'anywhere' }}>{heading}</span>
            </DialogTitle>
            {canDrag && (
              <button
                type="button"
                data-drag-handle
                aria-label={t('ui.modal.dragHandle')}
                aria-describedby={hintId}
                onKeyDown={onHandleKeyDown}
                css={iconButton(theme)}
              >
                <GripIcon />
              </button>
            )}
            {canDrag && <VisuallyHidden id={hintId}>{t('ui.modal.dragHint')}</VisuallyHidden>}
            {dismissible && (
              <button ref={closeRef} type="button" aria-label={t('ui.close')} onClick={onClose} css={iconButton(theme)}>
                <CloseIcon />
              </button>
            )}
          </div>
          <div
            ref={(el) => {
              bodyRef.current = el;
              return measureBody(el);
            }}
            // A scrolling region must be reachable by keyboard to be scrolled.
            tabIndex={body.overflows ? 0 : undefined}
            style={{ maxHeight: fullScreen ? undefined : maxHeight }}
            css={{ flex: fullScreen ? 1 : undefined, overflowY: 'auto', padding: fullScreen ? `${theme.space(6)} ${theme.space(4)}` : `${theme.space(2)} ${theme.space(5)} ${theme.space(4)}`, ...focusRing(theme) }}
          >
            {/* Full screen, the content reads as one focused step: a centred column, its actions right under it. */}
            {fullScreen ? (
              <div css={{ maxWidth: FULL_SCREEN_COLUMN, margin: '0 auto' }}>
                {content}
                {footerNode && <div css={{ ...footerCss, padding: `${theme.space(6)} 0 0` }}>{footerNode}</div>}
              </div>
            ) : (
              content
            )}
          </div>
          {footerNode && !fullScreen && (
            <div
              ref={(el) => {
                footerRef.current = el;
                return measureFooter(el);
              }}
              css={{ ...footerCss, padding: `${theme.space(3)} ${theme.space(5)} ${theme.space(4)}` }}
            >
              {footerNode}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** The panel's box without the current drag offset. */
function baseBox(panel: HTMLElement | null, offset: Offset) {
  const r = panel?.getBoundingClientRect();
  return { left: (r?.left ?? 0) - offset.x, top: (r?.top ?? 0) - offset.y, width: r?.width ?? 0, height: r?.height ?? 0 };
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
function firstFocusable(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

const iconButton = (theme: ReturnType<typeof useTheme>) => ({
  ...iconButtonStyle(theme, 32),
  '&:hover': { background: theme.colors.background },
});

function GripIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}
