import { useTheme, type CSSObject } from '@emotion/react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Controller, type Control, type FieldErrors, type FieldValues, type Path, type UseFormSetFocus } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  CountryRegionSelect,
  errorMessage,
  focusRing,
  Modal,
  type RegionCode,
  type RegionWhiteList,
  type ThemeTokens,
  translateDataKey,
  usePluginConfig,
} from '@portal/plugin-api';
import { migrationConfig, type MigrationPluginConfig } from './config';

/** Shared parts of the three migration variants. */

const noop = () => {};

export function useMigrationConfig(): MigrationPluginConfig {
  return usePluginConfig(migrationConfig);
}

/**
 * react-hook-form focuses the first invalid field in the order fields registered, which is not
 * the order they show (the country list arrives later): focus by the visible order instead.
 */
export function focusFirstError<V extends FieldValues>(order: readonly Path<V>[], setFocus: UseFormSetFocus<V>) {
  return (errors: FieldErrors<V>) => {
    const first = order.find((name) => errors[name]);
    if (first) setFocus(first);
  };
}

/** Aborts the running request when the dialog goes away (closed mid-call: nothing may follow). */
export function useAbortOnUnmount(): () => AbortSignal {
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const set = controllers.current;
    return () => set.forEach((c) => c.abort());
  }, []);
  return useCallback(() => {
    const controller = new AbortController();
    controllers.current.add(controller);
    return controller.signal;
  }, []);
}

export interface MigrationDialogProps {
  title: string;
  intro: ReactNode;
  onClose: () => void;
  footer?: ReactNode;
  children?: ReactNode;
  /** A call failed for good: its message and 'please sign in again'; OK returns to sign-in. */
  failure?: ApiError | null;
  onFailureConfirmed?: () => void;
}

/** The full-screen dialog every variant lives in, with the 'sign in again' prompt on top. */
export function MigrationDialog({ title, intro, onClose, footer, children, failure, onFailureConfirmed = onClose }: MigrationDialogProps) {
  const theme = useTheme();
  return (
    <Modal open fullScreen kind="normal" title={title} onClose={onClose} footer={footer}>
      <div css={{ maxWidth: 720, margin: '0 auto', width: '100%' }}>
        <p css={{ margin: `0 0 ${theme.space(5)}`, lineHeight: 1.5 }}>{intro}</p>
        {children}
      </div>
      {failure && <FailurePrompt error={failure} onConfirm={onFailureConfirmed} />}
    </Modal>
  );
}

/** A call failed for good: the catalogue message and 'please sign in again'; only its button ends it. */
export function FailurePrompt({ error, onConfirm }: { error: ApiError; onConfirm: () => void }) {
  const { t } = useTranslation(['migration', 'core']);
  return (
    <Modal
      open
      kind="error"
      title={t('failure.title')}
      description={`${errorMessage(error, t)}\n${t('failure.signInAgain')}`}
      dismissible={false}
      onClose={noop}
      onOk={onConfirm}
      okLabel={t('failure.confirm')}
    />
  );
}

/** The country/region field (searchable, grouped by data region) with the white-list's loading and failure states. */
export function RegionField<V extends FieldValues>({
  control,
  name,
  list,
  failed,
  onRetry,
  required,
  knownRegion,
}: {
  control: Control<V>;
  name: Path<V>;
  list: RegionWhiteList | null;
  failed: boolean;
  onRetry: () => void;
  required: boolean;
  /** The data region already known (used when no country is chosen). */
  knownRegion?: RegionCode | null;
}) {
  const theme = useTheme();
  const { t } = useTranslation(['migration', 'core']);
  if (!list) {
    return failed ? (
      <div role="alert" css={{ marginBottom: theme.space(4) }}>
        <p css={{ margin: `0 0 ${theme.space(2)}` }}>{t('form.regionsFailed')}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('form.retry')}
        </Button>
      </div>
    ) : (
      <p role="status" css={{ marginBottom: theme.space(4), color: theme.colors.textMuted }}>
        {t('form.regionsLoading')}
      </p>
    );
  }
  return (
    <div css={{ marginBottom: theme.space(4) }}>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <>
            <CountryRegionSelect
              list={list}
              value={(field.value as string | null) ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label={t('form.country')}
              required={required}
              error={fieldState.error?.message ? translateDataKey(t, fieldState.error.message) : undefined}
            />
            {knownRegion && !field.value && (
              <p css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
                {t('form.regionKept', { region: t(`core:regions.${knownRegion}`) })}
              </p>
            )}
          </>
        )}
      />
    </div>
  );
}

/** 'I have read and accept the Terms of Use' with the configured link (new tab). */
export function TermsLabel() {
  const theme = useTheme();
  const { t } = useTranslation(['migration', 'core']);
  const { termsUrl } = useMigrationConfig();
  return (
    <Trans
      t={t}
      i18nKey="form.terms"
      components={{
        terms: termsUrl ? <a href={termsUrl} target="_blank" rel="noopener noreferrer" css={linkStyle(theme)} /> : <span />,
      }}
    />
  );
}

/** Links inside text: the theme's primary colour, underlined, with the focus ring. */
export const linkStyle = (theme: ThemeTokens): CSSObject => ({ color: theme.colors.primary, fontWeight: 600, ...focusRing(theme) });

