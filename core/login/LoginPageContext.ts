import { createContext, useContext } from 'react';
import type { LoginPageServices } from './types';

/** The login page host's services, for the views it renders (useLoginPage reads it). */
export const LoginPageContext = createContext<LoginPageServices | null>(null);

/** The login page host's services; only views rendered by the host can ask. */
export function useLoginPage(): LoginPageServices {
  const services = useContext(LoginPageContext);
  if (!services) throw new Error('useLoginPage() outside the login page host');
  return services;
}
