import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePortal } from '../app/context';
import { useErrorHandler } from '../errors/useErrorHandler';
import { ApiError, toApiError, isAbortError } from '../http/ApiError';
import type { Owned } from '../registry/registry';
import { lazyView } from '../router/lazyView';
import { PluginBoundary } from '../router/PluginBoundary';
import { useLoginPage } from './LoginPageContext';
import { LOGIN_INTERRUPT_POINT, type InterruptedCall, type LoginInterrupt } from './types';

type Form = Record<string, unknown>;

/** How useInterruptibleCall makes its call and what it does with the answer. */
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

/**
 * The steps on screen: an inline one (MFA, region) in place of the form, and a modal one
 * (captcha, privacy notice, migration) over it. A modal step that interrupts an inline one
 * leaves it mounted underneath, so the inline step keeps its state (method, attempts left).
 */
interface Steps {
  inline: Active | null;
  modal: Active | null;
}
const NO_STEPS: Steps = { inline: null, modal: null };

/** The inline step's retry while a modal step runs over it: settled when that step is. */
interface Waiting {
  resolve(): void;
  reject(error: ApiError): void;
}

/** A login call that interrupts can pause: start it, whether it runs, and the interrupt showing. */
export interface InterruptibleCall<F extends Form> {
  start(form: F): Promise<void>;
  busy: boolean;
  /** The step in progress, if any (the inline one when a modal step runs over it); `inline` ones replace the form. */
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
  const [steps, setSteps] = useState<Steps>(NO_STEPS);
  const formRef = useRef<F | null>(null);
  const extraRef = useRef<Record<string, unknown>>({});
  const seqRef = useRef(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const stepsRef = useRef<Steps>(NO_STEPS);
  const waitingRef = useRef<Waiting | null>(null);

  const show = useCallback((next: Steps) => {
    stepsRef.current = next;
    setSteps(next);
  }, []);

  /** Ends the inline step's wait: resolved, or rejected with a code it handles itself. */
  const settleWaiting = useCallback((error?: ApiError) => {
    const waiting = waitingRef.current;
    waitingRef.current = null;
    if (!waiting) return;
    if (error) waiting.reject(error);
    else waiting.resolve();
  }, []);

  const clear = useCallback(() => {
    show(NO_STEPS);
    settleWaiting();
  }, [show, settleWaiting]);

  /** Runs the call; 'covered' when a modal step now runs over the inline step that retried. */
  const attempt = useCallback(
    async (fromStep: Owned<LoginInterrupt> | null): Promise<'covered' | void> => {
      const form = formRef.current;
      if (!form) return;
      const { exec, onSuccess, onError, call } = optionsRef.current;
      setBusy(true);
      try {
        const result = await exec(form, extraRef.current);
        clear();
        onSuccess(result, form);
      } catch (error) {
        if (isAbortError(error)) return;
        const apiError = toApiError(error);
        if (fromStep?.value.handles?.includes(apiError.code)) throw apiError;
        const below = stepsRef.current.inline;
        // A modal step's retry failed with a code the inline step beneath handles (a wrong MFA
        // code after the captcha): back to that step, which shows it.
        if (below && fromStep && fromStep !== below.owner && below.owner.value.handles?.includes(apiError.code)) {
          show({ inline: below, modal: null });
          settleWaiting(apiError);
          return;
        }
        const step = findInterrupt(registry.getOwnedContributions(LOGIN_INTERRUPT_POINT), apiError.code, call, page.pluginAllowed);
        if (step) {
          seqRef.current += 1;
          const next: Active = { owner: step, error: apiError, seq: seqRef.current };
          if (step.value.presentation === 'modal') {
            show({ inline: below, modal: next });
            return below && fromStep === below.owner ? 'covered' : undefined;
          }
          show({ inline: next, modal: null });
          settleWaiting();
          return;
        }
        clear();
        if (onError?.(apiError, form)) return;
        handleError(apiError);
      } finally {
        setBusy(false);
      }
    },
    [registry, page.pluginAllowed, handleError, show, clear, settleWaiting],
  );

  const start = useCallback(
    (form: F) => {
      formRef.current = form;
      extraRef.current = {};
      return attempt(null).then(() => undefined);
    },
    [attempt],
  );

  const retryFrom = useCallback(
    async (owner: Owned<LoginInterrupt>, extra: Record<string, unknown>): Promise<void> => {
      extraRef.current = { ...extraRef.current, ...extra };
      if ((await attempt(owner)) !== 'covered') return;
      settleWaiting(); // at most one wait: a newer retry replaces an older one
      await new Promise<void>((resolve, reject) => {
        waitingRef.current = { resolve, reject };
      });
    },
    [attempt, settleWaiting],
  );

  const cancelFrom = useCallback(
    (active: Active) => {
      const { inline } = stepsRef.current;
      // Leaving a modal step over an inline one returns to that step, not to the bare form.
      if (inline && inline !== active) {
        show({ inline, modal: null });
        settleWaiting();
        return;
      }
      clear();
      optionsRef.current.onCancel?.();
    },
    [show, clear, settleWaiting],
  );

  const outlet = useMemo(() => {
    if (!formRef.current || (!steps.inline && !steps.modal)) return null;
    const form = formRef.current;
    const render = (active: Active) => {
      const View = lazyView(active.owner.value.view);
      const owner = active.owner;
      return (
        <PluginBoundary key={`${owner.pluginId}-${active.seq}`} pluginId={owner.pluginId}>
          <View
            error={active.error}
            call={optionsRef.current.call}
            form={form}
            retry={(extra = {}) => retryFrom(owner, extra)}
            cancel={() => cancelFrom(active)}
            goTo={(view, data) => {
              clear();
              page.goTo(view, data);
            }}
          />
        </PluginBoundary>
      );
    };
    return (
      <>
        {steps.inline && render(steps.inline)}
        {steps.modal && render(steps.modal)}
      </>
    );
  }, [steps, retryFrom, cancelFrom, clear, page]);

  const shown = steps.inline ?? steps.modal;
  return {
    start,
    busy,
    active: shown ? { pluginId: shown.owner.pluginId, presentation: shown.owner.value.presentation, code: shown.error.code } : null,
    outlet,
  };
}
