import { useTheme } from '@emotion/react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ApiError,
  Button,
  type EmailSentData,
  type InterruptProps,
  type MergeResult,
  type MigrateResult,
  toast,
  focusTargetCss,
} from '@portal/plugin-api';
import { AccountCard, AccountChoice } from './AccountCard';
import { MergeForm, type MergeFormValues } from './MergeForm';
import { MigrateForm, type MigrateFormValues } from './MigrateForm';
import { readMigration, type LocalItem, type Migration } from './migrationData';
import { FailurePrompt, MigrationDialog } from './parts';

/** Stories only: a state to start in. */
export interface MigrationInitial {
  /** Index (among the local accounts) of the card already chosen. */
  chosen?: number;
  /** Variant pick: already past the choice, at the form. */
  atForm?: boolean;
  values?: Partial<MigrateFormValues & MergeFormValues>;
  validate?: boolean;
  failure?: ApiError;
}

export interface MigrationViewProps {
  migration: Migration;
  cancel: () => void;
  goTo: InterruptProps['goTo'];
  initial?: MigrationInitial;
}

/**
 * -6 on sign-in: accounts to migrate or merge (spec sections 2, 3, 4, 8). A full-screen
 * dialog in one of three variants; closing it returns to the sign-in form.
 */
export default function MigrationStep({ error, cancel, goTo }: InterruptProps) {
  const migration = useMemo(() => readMigration(error.result), [error]);
  // A result that cannot drive the dialog: say so and send the user back to sign in.
  if (!migration) return <FailurePrompt error={error} onConfirm={cancel} />;
  return <MigrationView migration={migration} cancel={cancel} goTo={goTo} />;
}

export function MigrationView({ migration, cancel, goTo, initial }: MigrationViewProps) {
  const { t } = useTranslation('migration');
  const [failure, setFailure] = useState<ApiError | null>(initial?.failure ?? null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const migrated = (result: MigrateResult) => {
    if (result.activationMailSent) {
      goTo('email', { email: result.email, purpose: 'activation' } satisfies EmailSentData);
      return;
    }
    toast(t('migrate.done'), 'success');
    cancel();
  };
  const merged = (_result: MergeResult) => {
    toast(t('merge.done'), 'success');
    cancel();
  };

  const shell = { onClose: cancel, failure, onFailureConfirmed: cancel };
  /** Cancel and submit; without a form to submit yet, `onClick` runs instead (e.g. 'choose an account'). */
  const footer = (submitLabel: string) => (onClick?: () => void) => (
    <>
      <Button variant="secondary" onClick={cancel}>
        {t('actions.cancel')}
      </Button>
      {/* Distinct keys: a button that turns into the submit button mid-click would also submit. */}
      {onClick ? (
        <Button key="choose" onClick={onClick}>
          {submitLabel}
        </Button>
      ) : (
        <Button key="submit" type="submit" form={formId} loading={busy}>
          {submitLabel}
        </Button>
      )}
    </>
  );

  switch (migration.variant) {
    case 'migrate': {
      const local = migration.local;
      return (
        <MigrationDialog {...shell} title={t('migrate.title')} intro={t('migrate.intro', { email: local.email })} footer={footer(t('migrate.submit'))()}>
          <AccountCard item={local} label={t('migrate.cardLabel')} />
          <MigrateForm
            id={formId}
            token={migration.token}
            local={local}
            onBusy={setBusy}
            onMigrated={migrated}
            onFailure={setFailure}
            initialValues={initial?.values}
            validateOnMount={initial?.validate}
          />
        </MigrationDialog>
      );
    }
    case 'pick':
      return <PickFlow migration={migration} shell={shell} formId={formId} busy={busy} setBusy={setBusy} onFailure={setFailure} onMigrated={migrated} initial={initial} />;
    case 'merge':
      return <MergeFlow migration={migration} shell={shell} formId={formId} footer={footer(t('merge.submit'))} setBusy={setBusy} onFailure={setFailure} onMerged={merged} initial={initial} />;
  }
}

type Shell = { onClose: () => void; failure: ApiError | null; onFailureConfirmed: () => void };

/** Focuses `ref` whenever `key` changes after the first render (a new stage of the dialog). */
function useFocusOnChange(key: unknown, target: () => HTMLElement | null) {
  const first = useRef(true);
  const focusTarget = useEffectEvent(() => target()?.focus());
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    focusTarget();
  }, [key]);
}

function PickFlow({
  migration,
  shell,
  formId,
  busy,
  setBusy,
  onFailure,
  onMigrated,
  initial,
}: {
  migration: Extract<Migration, { variant: 'pick' }>;
  shell: Shell;
  formId: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onFailure: (error: ApiError) => void;
  onMigrated: (result: MigrateResult) => void;
  initial?: MigrationInitial;
}) {
  const theme = useTheme();
  const { t } = useTranslation('migration');
  const [chosen, setChosen] = useState<number | null>(initial?.chosen ?? null);
  const [atForm, setAtForm] = useState(Boolean(initial?.atForm && initial.chosen !== undefined));
  const [chooseError, setChooseError] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const radioRef = useRef<HTMLInputElement>(null);
  useFocusOnChange(atForm, () => (atForm ? headingRef.current : radioRef.current));

  const proceed = () => {
    if (chosen === null) {
      setChooseError(true);
      radioRef.current?.focus();
      return;
    }
    setAtForm(true);
  };

  const intro = t('pick.intro', { email: migration.locals[0]!.email });
  if (!atForm || chosen === null) {
    return (
      <MigrationDialog
        {...shell}
        title={t('pick.title')}
        intro={intro}
        footer={
          <>
            <Button variant="secondary" onClick={shell.onClose}>
              {t('actions.cancel')}
            </Button>
            {/* Its own key: were React to reuse it as the form's submit button, this click would submit too. */}
            <Button key="continue" onClick={proceed}>
              {t('actions.continue')}
            </Button>
          </>
        }
      >
        <AccountChoice
          legend={t('pick.legend')}
          hint={t('pick.hint')}
          items={migration.locals}
          value={chosen}
          onChange={(index) => {
            setChosen(index);
            setChooseError(false);
          }}
          error={chooseError ? t('pick.chooseError') : undefined}
          focusRef={radioRef}
        />
      </MigrationDialog>
    );
  }

  const local: LocalItem = migration.locals[chosen]!;
  return (
    <MigrationDialog
      {...shell}
      title={t('pick.title')}
      intro={intro}
      footer={
        <>
          <Button variant="secondary" onClick={shell.onClose}>
            {t('actions.cancel')}
          </Button>
          <Button key="submit" type="submit" form={formId} loading={busy}>
            {t('migrate.submit')}
          </Button>
        </>
      }
    >
      <h3 ref={headingRef} tabIndex={-1} css={{ fontSize: theme.font.sizeMd, margin: `0 0 ${theme.space(3)}`, ...focusTargetCss }}>
        {t('pick.formHeading')}
      </h3>
      <AccountCard item={local}>
        <Button variant="text" size="sm" onClick={() => setAtForm(false)}>
          {t('pick.changeChoice')}
        </Button>
      </AccountCard>
      <MigrateForm
        key={chosen}
        id={formId}
        token={migration.token}
        local={local}
        onBusy={setBusy}
        onMigrated={onMigrated}
        onFailure={onFailure}
        initialValues={initial?.values}
        validateOnMount={initial?.validate}
      />
    </MigrationDialog>
  );
}

function MergeFlow({
  migration,
  shell,
  formId,
  footer,
  setBusy,
  onFailure,
  onMerged,
  initial,
}: {
  migration: Extract<Migration, { variant: 'merge' }>;
  shell: Shell;
  formId: string;
  footer: (onSubmitWithoutChoice?: () => void) => ReactNode;
  setBusy: (busy: boolean) => void;
  onFailure: (error: ApiError) => void;
  onMerged: (result: MergeResult) => void;
  initial?: MigrationInitial;
}) {
  const { t } = useTranslation('migration');
  // One local account: it is the choice already.
  const [chosen, setChosen] = useState<number | null>(initial?.chosen ?? (migration.locals.length === 1 ? 0 : null));
  const [chooseError, setChooseError] = useState(false);
  const radioRef = useRef<HTMLInputElement>(null);
  const local = chosen === null ? null : migration.locals[chosen]!;
  const mustChoose = () => {
    setChooseError(true);
    radioRef.current?.focus();
  };
  return (
    <MigrationDialog {...shell} title={t('merge.title')} intro={t('merge.intro', { email: migration.vendor.email })} footer={footer(local ? undefined : mustChoose)}>
      <AccountCard item={migration.vendor} label={t('merge.vendorLabel')} />
      <AccountChoice
        legend={t('merge.legend')}
        hint={t('merge.hint')}
        items={migration.locals}
        value={chosen}
        onChange={(index) => {
          setChosen(index);
          setChooseError(false);
        }}
        error={chooseError ? t('pick.chooseError') : undefined}
        focusRef={radioRef}
      />
      {local && (
        <MergeForm
          key={chosen}
          id={formId}
          token={migration.token}
          vendor={migration.vendor}
          local={local}
          onBusy={setBusy}
          onMerged={onMerged}
          onFailure={onFailure}
          initialValues={initial?.values}
          validateOnMount={initial?.validate}
        />
      )}
    </MigrationDialog>
  );
}
