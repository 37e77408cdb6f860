import { createContext, useContext } from 'react';
import type { OperatorMe } from './contract';

export interface ConsoleSession {
  me: OperatorMe;
  /** Reads the operator again (after a confirmation, or when a role may have changed). */
  reload(): Promise<void>;
  /** Asks for the second factor again; resolves true once confirmed, false when the operator gave up. */
  confirm(): Promise<boolean>;
  signOut(): Promise<void>;
}

export const ConsoleContext = createContext<ConsoleSession | null>(null);

export function useConsole(): ConsoleSession {
  const session = useContext(ConsoleContext);
  if (!session) throw new Error('useConsole() outside the console');
  return session;
}
