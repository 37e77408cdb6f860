import { useTheme } from '@emotion/react';
import { Controller, useFieldArray, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, LANGUAGE_CODES, languageByCode, Select, TextField } from '@portal/plugin-api';
import { ImageField } from './ImageField';
import type { ServiceFormValues } from './serviceForm';

interface Props {
  control: Control<ServiceFormValues>;
  register: UseFormRegister<ServiceFormValues>;
  disabled: boolean;
}

/** The caption and link text of one slide in more languages. */
function SlideTexts({ control, register, index, disabled }: Props & { index: number }) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const texts = useFieldArray({ control, name: `slides.${index}.texts` });
  const languages = LANGUAGE_CODES.map((code) => ({ value: code, label: languageByCode(code).nativeName }));
  return (
    <fieldset css={{ border: 0, padding: 0, margin: 0 }}>
      <legend css={{ fontSize: theme.font.sizeSm, fontWeight: 600, marginBottom: theme.space(2) }}>{t('slides.texts')}</legend>
      {texts.fields.map((field, k) => (
        <div key={field.id} css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(160px, 100%), 1fr))', gap: theme.space(2), alignItems: 'start' }}>
          <Controller
            control={control}
            name={`slides.${index}.texts.${k}.language`}
            render={({ field: f }) => <Select label={t('slides.language')} options={languages} value={f.value || null} onChange={(v) => f.onChange(v ?? '')} disabled={disabled} />}
          />
          <TextField label={t('slides.caption')} {...register(`slides.${index}.texts.${k}.description`)} disabled={disabled} />
          <TextField label={t('slides.linkText')} {...register(`slides.${index}.texts.${k}.linkText`)} disabled={disabled} />
          <Button size="sm" variant="secondary" css={{ marginTop: 24 }} onClick={() => texts.remove(k)} disabled={disabled} aria-label={t('slides.removeTextLabel', { n: k + 1 })}>
            {t('slides.remove')}
          </Button>
        </div>
      ))}
      <Button size="sm" variant="secondary" onClick={() => texts.append({ language: '', description: '', linkText: '' })} disabled={disabled}>
        {t('slides.addText')}
      </Button>
    </fieldset>
  );
}

/** The carousel's slides: image, caption, link, and their texts per language. */
export function SlidesFields({ control, register, disabled }: Props) {
  const theme = useTheme();
  const { t } = useTranslation('ops-services');
  const slides = useFieldArray({ control, name: 'slides' });
  return (
    <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: theme.space(4) }}>
      {slides.fields.map((field, i) => (
        <fieldset key={field.id} css={{ border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.md, padding: theme.space(4), margin: 0 }}>
          <legend css={{ fontWeight: 600, padding: `0 ${theme.space(1)}` }}>{t('slides.slide', { n: i + 1 })}</legend>
          <Controller control={control} name={`slides.${i}.fileUrl`} render={({ field: f }) => <ImageField label={t('slides.image')} value={f.value} onChange={f.onChange} disabled={disabled} />} />
          <div css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))', gap: theme.space(3) }}>
            <TextField label={t('slides.caption')} {...register(`slides.${i}.description`)} disabled={disabled} />
            <TextField label={t('slides.link')} type="url" {...register(`slides.${i}.link`)} disabled={disabled} />
            <TextField label={t('slides.linkText')} {...register(`slides.${i}.linkText`)} disabled={disabled} />
          </div>
          <SlideTexts control={control} register={register} index={i} disabled={disabled} />
          <div css={{ marginTop: theme.space(3) }}>
            <Button size="sm" variant="secondary" onClick={() => slides.remove(i)} disabled={disabled} aria-label={t('slides.removeSlideLabel', { n: i + 1 })}>
              {t('slides.removeSlide')}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button size="sm" variant="secondary" onClick={() => slides.append({ fileUrl: '', description: '', link: '', linkText: '', texts: [] })} disabled={disabled}>
          {t('slides.add')}
        </Button>
      </div>
    </div>
  );
}
