import type { ReactNode } from 'react';
import type { MfaRequiredResult } from '../contract/auth';
import type { TranslationKey } from '../i18n/resources';
import { defineExtensionPoint } from '../registry/extensionPoints';
import type { LazyView } from '../registry/types';

/**
 * Parts other plugins add to the MFA step (the -20677 interrupt), so fallbacks such as recovery
 * codes, passkeys or "trust this device" need no change to the MFA plugin and no import of it.
 *
 * - `option`: something every answer of the step carries (a checkbox). It sets body fields with
 *   `setFields`; the step sends them with the method code and with any alternative.
 * - `alternative`: another way to pass the step, opened by a link under the code form and shown
 *   in its place; it answers with `submit(fields)` and returns with `back()`.
 */
export interface MfaStepPartProps {
  /** The -20677 result (process id, methods, what the server offers). */
  challenge: MfaRequiredResult;
  /** The interrupted sign-in's form (email). */
  form: Readonly<Record<string, unknown>>;
  /** While the step submits or is locked, a part's controls wait. */
  busy: boolean;
  /** `option`: the body fields this part adds to every answer (replaces what it set before). */
  setFields(fields: Record<string, unknown>): void;
  /**
   * `alternative`: retries the sign-in with these fields (the process id and the options' fields
   * are added). Rejects with the ApiError of a code the MFA step handles (wrong code, locked, expired).
   */
  submit(fields: Record<string, unknown>): Promise<void>;
  /** `alternative`: back to the method code. */
  back(): void;
  /** Give up and return to the sign-in form. */
  cancel(): void;
  /** `alternative`: the step's options, to render above its own submit button (null for an option). */
  options: ReactNode;
}

/** A part of the MFA step a plugin adds: an option among the methods, or an alternative below them. */
export interface MfaStepPart {
  kind: 'option' | 'alternative';
  /** Lower first. */
  order: number;
  /** `alternative`: the link's text. */
  labelKey?: TranslationKey;
  /** Whether this challenge offers the part (e.g. the account has recovery codes); always when absent. */
  offered?(challenge: MfaRequiredResult): boolean;
  view: LazyView<MfaStepPartProps>;
}

/** Extension point for parts of the MFA step (MfaStepPart). */
export const MFA_STEP_PART_POINT = defineExtensionPoint<MfaStepPart>('login/mfa-step-part/v1');
