import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePortal } from '../app/context';
import { useErrorHandler } from '../errors/useErrorHandler';
import { ApiError, isAbortError } from '../http/ApiError';
import type { Owned } from '../registry/registry';
import { lazyView } from '../router/lazyView';
import { PluginBoundary } from '../router/PluginBoundary';
import { useLoginPage } from './LoginPageContext';
import { LOGIN_INTERRUPT_POINT, type InterruptedCall, type LoginInterrupt } from './types';

type Form = Record<string, unknown>;

export interface InterruptibleCallOptions<F extends Form, T> {
  call: InterruptedCall;
  /** The request itself; `extra` carries what interrupts added (captchaToken, MFA code, …). */
  exec: (form: F, extra: Record<string, unknown>) => Promise<T>;
  onSuccess: (result: T, form: F) => void;
  /** Page-level handling of an error no interrupt took; return true when handled. */
  onError?: (error: ApiError, form: F) => boolean;
  /** The user left an interrupt without finishing it. */
  onCancel?: () => void;
}

interface Active {
  owner: Owned<LoginInterrupt>;
  error: ApiError;
  /** Bumped per error so a repeated step (a second captcha) mounts afresh. */
  seq: number;
}

export interface InterruptibleCall<F extends Form> {
  start(form: F): Promise<void>;
  busy: boolean;
  /** The step in progress, if any; `inline` ones replace the form. */
  active: { pluginId: string; presentation: LoginInterrupt['presentation']; code: number } | null;
  /** Where the step renders; put it where the form is (inline) or anywhere (modal). */
  outlet: ReactNode;
}

/** The interrupt that takes `code` for `call`, among the plugins this page allows. */
export function findInterrupt(
  interrupts: readonly Owned<LoginInterrupt>[],
  code: number,
  call: InterruptedCall,
  allowed: (pluginId: string) => boolean,
): Owned<LoginInterrupt> | undefined {
  return interrupts.find(
    (i) => i.value.codes.includes(code) && (!i.value.calls || i.value.calls.includes(call)) && allowed(i.pluginId),
  );
}

/**
 * A login-page call that the server may interrupt with a step (spec section 4): the error
 * code picks a contributed step, the step retries the call with what it gathered, and the
 * chain continues (captcha, then MFA, then a privacy notice) until success or a real error.
 */
export function useInterruptibleCall<F extends Form, T>(options: InterruptibleCallOptions<F, T>): InterruptibleCall<F> {
  const { registry } = usePortal();
  const page = useLoginPage();
  const handleError = useErrorHandler();
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState<Active | null>(null);
  const formRef = useRef<F | null>(null);
  const extraRef = useRef<Record<string, unknown>>({});
  const seqRef = useRef(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const activeRef = useRef<Active | null>(null);

  const show = useCallback((next: Active | null) => {
    activeRef.current = next;
    setActive(next);
  }, []);

  const attempt = useCallback(
    async (fromStep: Owned<LoginInterrupt> | null): Promise<void> => {
      const form = formRef.current;
      if (!form) return;
      const { exec, onSuccess, onError, call } = optionsRef.current;
      setBusy(true);
      try {
        const result = await exec(form, extraRef.current);
        show(null);
        onSuccess(result, form);
      } catch (error) {
        if (isAbortError(error)) return;
        const apiError = error instanceof ApiError ? error : new ApiError(-1, undefined, 0);
        if (fromStep?.value.handles?.includes(apiError.code)) throw apiError;
        const step = findInterrupt(registry.getOwnedContributions(LOGIN_INTERRUPT_POINT), apiError.code, call, page.pluginAllowed);
        if (step) {
          seqRef.current += 1;
          show({ owner: step, error: apiError, seq: seqRef.current });
          return;
        }
        show(null);
        if (onError?.(apiError, form)) return;
        handleError(apiError);
      } finally {
        setBusy(false);
      }
    },
    [registry, page.pluginAllowed, handleError, show],
  );

  const start = useCallback(
    (form: F) => {
      formRef.current = form;
      extraRef.current = {};
      return attempt(null);
    },
    [attempt],
  );

  const outlet = useMemo(() => {
    if (!active || !formRef.current) return null;
    const View = lazyView(active.owner.value.view);
    const owner = active.owner;
    return (
      <PluginBoundary pluginId={owner.pluginId}>
        <View
          key={active.seq}
          error={active.error}
          call={optionsRef.current.call}
          form={formRef.current}
          retry={(extra = {}) => {
            extraRef.current = { ...extraRef.current, ...extra };
            return attempt(owner);
          }}
          cancel={() => {
            show(null);
            optionsRef.current.onCancel?.();
          }}
          goTo={(view, data) => {
            show(null);
            page.goTo(view, data);
          }}
        />
      </PluginBoundary>
    );
  }, [active, attempt, page, show]);

  return {
    start,
    busy,
    active: active ? { pluginId: active.owner.pluginId, presentation: active.owner.value.presentation, code: active.error.code } : null,
    outlet,
  };
}
