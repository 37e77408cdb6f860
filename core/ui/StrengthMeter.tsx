import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { passwordStrength, STRENGTH_LEVELS, type StrengthLevel } from '../validation/passwordStrength';

/**
 * Four bars and a label (register, change password, merge) ("Password strength: Strong"). The label is a polite live region
 * and the password input is described by it, so the level is heard as well as seen.
 */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const { score, level } = passwordStrength(password);
  const filled = STRENGTH_LEVELS.indexOf(level) + 1;
  const colour: Record<StrengthLevel, string> = {
    weak: theme.colors.danger,
    medium: theme.colors.warning,
    strong: theme.colors.success,
    veryStrong: theme.colors.success,
  };
  return (
    <div data-testid="strength-meter" data-level={level} data-score={score} css={{ margin: `-${theme.space(2)} 0 ${theme.space(4)}` }}>
      <div aria-hidden="true" css={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: theme.space(1) }}>
        {STRENGTH_LEVELS.map((step, i) => (
          <span
            key={step}
            css={{ height: 4, borderRadius: 2, background: i < filled ? colour[level] : theme.colors.border }}
          />
        ))}
      </div>
      <p id={id} aria-live="polite" css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
        {t('strength.label', { level: t(`strength.${level}`) })}
      </p>
    </div>
  );
}
