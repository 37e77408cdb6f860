import { needsConfirmation } from './api';

/**
 * Runs a dangerous action; when the server asks for a fresh second factor, asks the operator for it
 * and runs the action once more. Resolves null when the operator gave up at the confirmation.
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
