import { LOGIN_INTERRUPT_POINT, type InterruptProps } from '../login';
import { definePlugin } from '../registry/definePlugin';

/** The token the fake captcha's 'Verified' button retries with. */
export const FAKE_CAPTCHA_TOKEN = 'captcha-ok';

/** A stand-in for the captcha plugin in unit tests: a modal step that 'verifies' at the click of a button, or closes. */
function FakeCaptcha({ retry, cancel }: InterruptProps) {
  return (
    <div role="dialog" aria-label="Sliding verification">
      <button type="button" onClick={() => void retry({ captchaToken: FAKE_CAPTCHA_TOKEN }).catch(() => undefined)}>
        Verified
      </button>
      <button type="button" onClick={cancel}>
        Close
      </button>
    </div>
  );
}

/** Contributes FakeCaptcha for -23029, as the captcha plugin does with its frame. */
export const fakeCaptcha = definePlugin({
  id: 'fake-captcha',
  register(ctx) {
    ctx.contribute(LOGIN_INTERRUPT_POINT, { codes: [-23029], presentation: 'modal', view: async () => ({ default: FakeCaptcha }) });
  },
});
