/**
 * UI primitives that are safe on the login route. Nothing here imports
 * headlessui: Modal, ModalHost and Select are imported by path (and lazily) so
 * their code stays out of the start-up bundle (budget: 150 KB gzip).
 */
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { CodeInput, type CodeInputProps } from './CodeInput';
export { FieldError, FieldHint, describedBy } from './FieldMessages';
export { focusForReading, focusRing, focusTargetCss, focusTargetHeadingsCss } from './focusRing';
export { KindIcon, kindColor, type MessageKind } from './kindIcons';
export { LoadFailed, LoadingLine } from './loadState';
export { Notice, type NoticeProps } from './Notice';
export { CONTENT_WIDTH, CellLabel, PageCard, PageHeading, ReadOnlyValue, cardCss, stackedTableCss } from './page';
export { LANGUAGE_MENU_MAX_HEIGHT, LanguageMenu } from './LanguageMenu';
export { PortalHeader } from './PortalHeader';
export { EmailAddress, longValueCss } from './EmailAddress';
export { LazyModalHost } from './LazyModalHost';
export { LoadingImage, type LoadingImageProps } from './LoadingImage';
export { atLeast, below, media, useViewportClass, useViewportHeight, useViewportWidth, viewportClass, type ViewportClass } from './media';
export { closeAllModals, closeModal, getModals, openModal, subscribeModals, useModals, type ModalEntry, type ModalKind, type ModalOptions } from './modalStore';
export { filterOptions, foldText, groupOptions, type SelectOption } from './selectFilter';
export { Spinner } from './Spinner';
export { TextArea, type TextAreaProps } from './TextArea';
export { TextField, type TextFieldProps } from './TextField';
export { TOAST_MS, dismissToast, getToast, holdToast, subscribeToast, toast, useToast, type ToastItem, type ToastKind, type ToastOptions } from './toastStore';
export { ToastHost } from './ToastHost';
export { Tooltip, directionOf, mirrorPlacement, type Placement, type TextDirection, type TooltipProps } from './Tooltip';
export { Truncate, type TruncateProps } from './Truncate';
export { VisuallyHidden, visuallyHiddenStyle } from './VisuallyHidden';
