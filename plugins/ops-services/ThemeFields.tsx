import { useTheme } from '@emotion/react';
import { useMemo } from 'react';
import { Controller, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contrastProblems, effectiveColors, Select, TextField, type ContrastProblem } from '@portal/plugin-api';
import { ContrastReport } from './ContrastReport';
import type { BaseThemeColors } from './contract';
import { COLOR_TOKENS, RADIUS_TOKENS, type ColorToken, type ServiceFormValues } from './serviceForm';

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** The live contrast check of the form's theme: the same module the server runs before it stores. */
export function useContrast(control: Control<ServiceFormValues>, themes: BaseThemeColors[]): ContrastProblem[] | null {
  const [name, colors] = useWatch({ control, name: ['themeName', 'colors'] });
  return useMemo(() => {
    const base = themes.find((th) => th.name === name);
    return base ? contrastProblems(effectiveColors(base.colors, colors)) : null;
  }, [themes, name, colors]);
}

interface Props {
  control: Control<ServiceFormValues>;
  register: UseFormRegister<ServiceFormValues>;
  setValue: UseFormSetValue<ServiceFormValues>;
  themes: BaseThemeColors[];
  disabled: boolean;
}

/** A colour token: its value as text (any CSS colour the theme takes) and a picker beside it. */
function ColorInput({ control, token, placeholder, disabled }: { control: Control<ServiceFormValues>; token: ColorToken; placeholder: string; disabled: boolean }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  return (
    <Controller
      control={control}
      name={`colors.${token}`}
      render={({ field }) => (
        <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 44px', gap: theme.space(2), alignItems: 'start' }}>
          <TextField label={t(`tokens.${token}`)} dir="ltr" placeholder={placeholder} value={field.value} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} disabled={disabled} />
          <input
            type="color"
            aria-label={t('theme.pick', { token: t(`tokens.${token}`) })}
            value={HEX6.test(field.value) ? field.value : HEX6.test(placeholder) ? placeholder : '#000000'}
            onChange={(e) => field.onChange(e.target.value)}
            disabled={disabled}
            css={{ marginTop: 24, width: 44, height: 40, padding: 2, border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, background: theme.colors.surface }}
          />
        </div>
      )}
    />
  );
}

/** The service's theme: a base theme, then colours, font and corners over it, with the contrast check as the operator types. */
export function ThemeFields({ control, register, setValue, themes, disabled }: Props) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const name = useWatch({ control, name: 'themeName' });
  const base = themes.find((th) => th.name === name);
  const problems = useContrast(control, themes);
  const options = [{ value: '', label: t('theme.deployment') }, ...themes.map((th) => ({ value: th.name, label: th.name }))];
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(3) }}>
      <Controller control={control} name="themeName" render={({ field }) => <Select label={t('theme.base')} options={options} value={field.value} onChange={(v) => field.onChange(v ?? '')} disabled={disabled} hint={t('theme.baseHint')} />} />
      {base && (
        <>
          <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(210px, 100%), 1fr))', gap: theme.space(3) }}>
            {COLOR_TOKENS.map((token) => (
              <ColorInput key={token} control={control} token={token} placeholder={base.colors[token] ?? ''} disabled={disabled} />
            ))}
          </div>
          {problems && <ContrastReport problems={problems} onUse={disabled ? undefined : (token, color) => setValue(`colors.${token as ColorToken}`, color, { shouldDirty: true })} />}
          <TextField label={t('theme.font')} dir="ltr" placeholder={base.font.family} {...register('fontFamily')} disabled={disabled} />
          <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(120px, 100%), 1fr))', gap: theme.space(3) }}>
            {RADIUS_TOKENS.map((r) => (
              <TextField key={r} label={t(`theme.radius.${r}`)} dir="ltr" placeholder={base.radius[r]} {...register(`radius.${r}`)} disabled={disabled} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
