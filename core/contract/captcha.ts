/**
 * Slider captcha frame (spec section 7): the portal embeds `${API_PREFIX}/captcha/frame` in an
 * iframe; the frame and the portal talk by window messages. The frame posts only to the
 * configured portal origin and accepts messages only from it.
 */
export const CAPTCHA_FRAME_PATH = '/captcha/frame';
/** `source` of the messages the captcha frame posts to the portal. */
export const CAPTCHA_MESSAGE_SOURCE = 'uid-captcha';
/** `source` of the messages the portal posts to the captcha frame. */
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

/**
 * `GET /captcha/challenge`: a puzzle (used by the frame). Apart from the random id and image
 * URLs every field is the same for every puzzle: the answer is only in the pixels.
 */
export interface CaptchaChallenge {
  challengeId: string;
  /** Width of the background image and the track in pixels; the answer is the piece image's x offset in 0..width-pieceSize. */
  width: number;
  height: number;
  /** Width of the piece image (a band of the full height, transparent around the piece). */
  pieceSize: number;
  /** Top of the piece image in the stage: 0 (the band spans the stage's height). */
  pieceY: number;
  /** PNG of the background with the gap; works once (single-use URL), while the puzzle is live. */
  imageUrl: string;
  /** PNG of the piece; works once, while the puzzle is live. */
  pieceUrl: string;
  expiresIn: number;
}
/** `POST /captcha/verify`. */
export interface CaptchaVerifyRequest {
  challengeId: string;
  /** Where the piece image's left edge was dropped. */
  x: number;
  /**
   * Drag samples [t ms since the press, x, vertical pointer offset]: press, every move (keyboard:
   * every key press) and release. The server refuses a trace no hand makes (plugins/captcha/server/trace.ts).
   */
  trail: Array<[number, number, number]>;
}
/** `result` of the captcha check: the token to send with the call, and how long it is good for. */
export interface CaptchaVerifyResult {
  token: string;
  expiresIn: number;
}
