/**
 * The signed-in operator as the console's sections see it (given by the ops-console plugin), the
 * confirmation of dangerous actions, and the sections other plugins add to the console.
 */
import { createContext, useContext } from 'react';
import type { OperatorMe, OpsPermission } from '../contract/ops';
import { defineExtensionPoint } from '../registry/extensionPoints';
import type { TranslationKey } from '../i18n/resources';
import type { LazyView } from '../registry/types';
import { needsConfirmation } from './opsClient';

/** The signed-in operator and what a console section may ask of the console. */
export interface ConsoleSession {
  me: OperatorMe;
  /** Reads the operator again (after a confirmation, or when a role may have changed). */
  reload(): Promise<void>;
  /** Asks for the second factor again; true once confirmed, false when the operator gave up. */
  confirm(): Promise<boolean>;
  signOut(): Promise<void>;
}

/** Given by the ops-console plugin around its sections. */
export const ConsoleContext = createContext<ConsoleSession | null>(null);

/** The console's session, inside a console section. */
export function useConsole(): ConsoleSession {
  const session = useContext(ConsoleContext);
  if (!session) throw new Error('useConsole() outside the ops console');
  return session;
}

/**
 * Runs a dangerous action; when the server asks for a fresh second factor, asks the operator for it
 * and runs the action once more. Null when the operator gave up at the confirmation.
 */
export async function runConfirmed<T>(action: () => Promise<T>, confirm: () => Promise<boolean>): Promise<T | null> {
  try {
    return await action();
  } catch (err) {
    if (!needsConfirmation(err)) throw err;
    if (!(await confirm())) return null;
    return action();
  }
}

/**
 * A section of the ops console (its navigation entry and page, under /ops/<path>), shown to the
 * operators whose role grants `needs`. Its page's chunk should be named in the plugin's server
 * half's `operatorAssets`, so that only signed-in operators fetch it.
 */
export interface OpsSection {
  id: string;
  /** The section's path segment under /ops ('operators'). */
  path: string;
  labelKey: TranslationKey;
  order: number;
  needs: OpsPermission;
  view: LazyView;
  /**
   * The actions this section writes to the audit log, with their words
   * (`{ 'switches.apply': 'ops-switches:auditActions.apply' }`): the audit view names each so,
   * and shows an action no section names by its id.
   */
  auditActions?: Readonly<Record<string, TranslationKey>>;
}

/** Extension point of the console's sections (OpsSection), declared by the ops-console plugin. */
export const OPS_SECTION_POINT = defineExtensionPoint<OpsSection>('ops/section/v1');
