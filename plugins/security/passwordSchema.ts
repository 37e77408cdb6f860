import { object, string, type InferType } from 'yup';
import { loginPasswordRule, MSG, registerPasswordRule } from '@portal/plugin-api';

/**
 * Change password (spec section 5): the old one by the login rule (visible ASCII 6-32), the new
 * one by the register rule (8-32, two classes) and different from the old (checked on blur),
 * the confirmation equal to the new one. The account's country is not known here, so the
 * Singapore range (10-32) is left to the server (-3063 lands on the field).
 */
export const passwordSchema = object({
  oldPassword: loginPasswordRule(),
  newPassword: registerPasswordRule('country').test('differs', MSG.passwordDiffers, function differs(value) {
    const old = (this.parent as { oldPassword?: string }).oldPassword;
    return !value || !old || value !== old;
  }),
  confirmPassword: string()
    .required(MSG.required)
    .test('matches', MSG.passwordMismatch, function matches(value) {
      return !value || value === (this.parent as { newPassword?: string }).newPassword;
    }),
});

export type PasswordForm = InferType<typeof passwordSchema>;
