import { useTheme } from '@emotion/react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, Button, ERROR_CODES, errorMessage, isAbortError, type MfaErrorResult, type MfaStepPartProps, Notice, TextField, toApiError } from '@portal/plugin-api';
import { codesLeft } from './codesLeft';
import { MONO } from './mono';
import { RemainingCodes, remainingCodesIds } from './RemainingCodes';

/** How long wrong codes lock verification when the server does not say (the MFA step's rule). */
const LOCK_MINUTES = 10;

type Problem = { type: 'required' } | { type: 'wrong'; attempts: number } | { type: 'locked'; minutes: number } | { type: 'other'; error: ApiError };

/** The MFA step's "use a recovery code" alternative: one code in place of the method's code. */
export default function RecoveryCodeStep({ challenge, submit, back, options }: MfaStepPartProps) {
  const theme = useTheme();
  const { t } = useTranslation(['recovery-codes', 'core']);
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  // Layout effect: the field has focus in the commit that shows it (this part loads lazily, and a
  // passive effect after a lazy load runs a task later, when a fast typist may already be typing).
  useLayoutEffect(() => {
    field.current?.focus();
    return () => {
      mounted.current = false;
    };
  }, []);

  const locked = problem?.type === 'locked';
  // The challenge's count: a wrong or used code spends nothing, so it stays right until the sign-in passes.
  const available = codesLeft(challenge);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || locked) return;
    if (!code.trim()) {
      setProblem({ type: 'required' });
      field.current?.focus();
      return;
    }
    setSubmitting(true);
    setProblem(null);
    try {
      await submit({ recoveryCode: code.trim() });
    } catch (error) {
      if (!mounted.current || isAbortError(error)) return;
      const apiError = toApiError(error);
      const result = apiError.result as MfaErrorResult | undefined;
      if (apiError.code === ERROR_CODES.mfaCodeError) {
        setProblem({ type: 'wrong', attempts: result?.remainAttempts ?? 0 });
        setCode('');
        field.current?.focus();
      } else if (apiError.code === ERROR_CODES.mfaTooManyWrong) {
        setProblem({ type: 'locked', minutes: result?.lockedMinutes ?? LOCK_MINUTES });
        setCode('');
        requestAnimationFrame(() => notice.current?.focus());
      } else {
        setProblem({ type: 'other', error: apiError });
        field.current?.focus();
      }
    } finally {
      if (mounted.current) setSubmitting(false);
    }
  };

  const fieldError =
    problem?.type === 'required' ? t('step.required') : problem?.type === 'wrong' ? t('step.wrong', { attempts: problem.attempts }) : problem?.type === 'other' ? errorMessage(problem.error, t) : undefined;

  return (
    <section aria-labelledby={`${id}-heading`} css={{ display: 'flex', flexDirection: 'column' }}>
      <h1 id={`${id}-heading`} css={{ fontSize: theme.font.sizeXl, margin: `0 0 ${theme.space(2)}` }}>
        {t('step.title')}
      </h1>
      <p css={{ margin: `0 0 ${theme.space(4)}`, color: theme.colors.textMuted, lineHeight: 1.5 }}>{t('step.intro')}</p>
      {available > 0 && <RemainingCodes available={available} countId={`${id}-count`} warningId={`${id}-warning`} />}
      <form noValidate onSubmit={onSubmit}>
        <TextField
          ref={field}
          label={t('step.label')}
          hint={t('step.hint')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            if (problem && problem.type !== 'locked') setProblem(null);
          }}
          error={fieldError}
          aria-describedby={remainingCodesIds(available, `${id}-count`, `${id}-warning`)}
          disabled={locked}
          autoComplete="one-time-code"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={32}
          css={{ '& input': { fontFamily: MONO, letterSpacing: '0.05em' } }}
        />
        {locked && (
          <Notice role="alert" kind="error" boxRef={notice} focusable>
            {t('step.locked', { count: problem.minutes })}
          </Notice>
        )}
        {options}
        <Button type="submit" fullWidth size="lg" loading={submitting} disabled={locked}>
          {t('step.submit')}
        </Button>
      </form>
      <Button variant="text" onClick={back} disabled={submitting} css={{ marginTop: theme.space(3), alignSelf: 'center' }}>
        {t('step.back')}
      </Button>
    </section>
  );
}
