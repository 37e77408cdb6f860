import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { usePortal } from '../app/context';
import { sessionEndedAtom } from '../session/session';
import { toast } from '../ui/toastStore';
import { dispatchError, type DispatchOptions, type DispatchOutcome } from './dispatch';
import { translateDataKey } from '../i18n/resources';
import { errorMessage } from './message';

/** `const handleError = useErrorHandler(); … catch (e) { handleError(e, { handlers }) }` */
export function useErrorHandler(): (error: unknown, options?: DispatchOptions) => DispatchOutcome {
  const { registry } = usePortal();
  const { t } = useTranslation(['core']);
  const [, navigate] = useLocation();
  const ended = useAtomValue(sessionEndedAtom);
  return useCallback(
    (error, options) =>
      dispatchError(
        error,
        {
          pluginHandlers: (code) => registry.errorHandlers(code),
          sessionEnded: () => ended !== null,
          context: (apiError) => ({
            navigate: (to, opts) => navigate(`~${to}`, { replace: opts?.replace }),
            toast,
            // A handler's key is a TranslationKey, checked where the handler writes it.
            t: (key, values) => translateDataKey(t, key, values),
            message: errorMessage(apiError, t),
          }),
        },
        options,
      ),
    [registry, t, navigate, ended],
  );
}
