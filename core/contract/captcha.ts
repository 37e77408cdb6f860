/**
 * Slider captcha frame (spec section 7): the portal embeds `${API_PREFIX}/captcha/frame` in an
 * iframe; the frame and the portal talk by window messages. The frame posts only to the
 * configured portal origin and accepts messages only from it.
 */
export const CAPTCHA_FRAME_PATH = '/captcha/frame';
export const CAPTCHA_MESSAGE_SOURCE = 'uid-captcha';
export const PORTAL_MESSAGE_SOURCE = 'uid-portal';

/** Frame → portal. */
export type CaptchaFrameMessage =
  | { source: typeof CAPTCHA_MESSAGE_SOURCE; type: 'loaded' }
  /** errorCode '0' means verified; token is single-use and goes into the retried call as captchaToken. */
  | { source: typeof CAPTCHA_MESSAGE_SOURCE; type: 'result'; errorCode: '0'; token: string }
  /** A failed slide; the frame has already loaded a new puzzle. */
  | { source: typeof CAPTCHA_MESSAGE_SOURCE; type: 'failed'; errorCode: string };

/** Portal → frame: colour theme (CSS colours). */
export interface CaptchaThemeMessage {
  source: typeof PORTAL_MESSAGE_SOURCE;
  type: 'theme';
  theme: { mode?: 'light' | 'dark'; primary?: string; background?: string; text?: string };
}

/** `GET /captcha/challenge`: a puzzle (used by the frame). */
export interface CaptchaChallenge {
  challengeId: string;
  /** Width of the track in pixels; the answer is the piece's x offset in 0..width-piece. */
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  imageUrl: string;
  pieceUrl: string;
  expiresIn: number;
}
/** `POST /captcha/verify`. */
export interface CaptchaVerifyRequest {
  challengeId: string;
  x: number;
  /** Drag samples [t ms since start, x, y]. */
  trail: Array<[number, number, number]>;
}
export interface CaptchaVerifyResult {
  token: string;
  expiresIn: number;
}
