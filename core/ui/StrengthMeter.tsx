import { useTheme } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { isTopCommonPassword } from '../validation/commonPasswordsTop';
import { passwordStrength, STRENGTH_LEVELS, type StrengthLevel } from '../validation/passwordStrength';

/**
 * Four bars and a label (register, new password, change password) ("Password strength: Strong"). The label is a polite live region
 * and the password input is described by it, so the level is heard as well as seen. A commonly used password is weak and
 * says so: one of the most common (known here), or one the server refused as common (`refusedAsCommon`).
 */
export function StrengthMeter({ id, password, refusedAsCommon = false }: { id: string; password: string; refusedAsCommon?: boolean }) {
  const theme = useTheme();
  const { t } = useTranslation('core');
  const common = refusedAsCommon || isTopCommonPassword(password);
  const { score, level } = passwordStrength(password, common);
  const filled = STRENGTH_LEVELS.indexOf(level) + 1;
  const colour: Record<StrengthLevel, string> = {
    weak: theme.colors.danger,
    medium: theme.colors.warning,
    strong: theme.colors.success,
    veryStrong: theme.colors.success,
  };
  return (
    <div data-testid="strength-meter" data-level={level} data-score={score} data-common={common || undefined} css={{ margin: `-${theme.space(2)} 0 ${theme.space(4)}` }}>
      <div aria-hidden="true" css={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: theme.space(1) }}>
        {STRENGTH_LEVELS.map((step, i) => (
          <span
            key={step}
            css={{ height: 4, borderRadius: 2, background: i < filled ? colour[level] : theme.colors.border }}
          />
        ))}
      </div>
      <p id={id} aria-live="polite" css={{ margin: `${theme.space(1)} 0 0`, fontSize: theme.font.sizeSm, color: theme.colors.textMuted }}>
        {t('strength.label', { level: t(common ? 'strength.common' : `strength.${level}`) })}
      </p>
    </div>
  );
}
