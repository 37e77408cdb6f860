import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_CODES as E } from '@portal/plugin-api';
import core from '../../locales/en_US/core.json';
import texts from '../../locales/en_US/ops-services.json';
import { IMAGE_MAX_SIDE, IMAGE_QUOTA_BYTES, type ImageRefusal } from './contract';
import { imageError, type ServicesT } from './messages';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en_US', resources: { en_US: { core, 'ops-services': texts } }, defaultNS: 'core', initAsync: false, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n) as unknown as ServicesT;
const refused = (result: ImageRefusal) => new ApiError(E.invalidParameter, 'refused', 400, result);

describe('an upload refused by the server', () => {
  it('names the limit it passed, in the operator’s words', () => {
    expect(imageError(refused({ field: 'data', maxSide: IMAGE_MAX_SIDE }), t)).toBe('The image is larger than 4096 × 4096 pixels.');
    expect(imageError(refused({ field: 'data', quotaBytes: IMAGE_QUOTA_BYTES }), t)).toBe('There is no room for more uploaded images (the portal keeps up to 64 MB of them). Reuse an image already uploaded.');
    expect(imageError(refused({ field: 'data', maxBytes: 512 * 1024 }), t)).toBe('The image is larger than 512 KB.');
    expect(imageError(refused({ field: 'contentType' }), t)).toBe('Choose a PNG, JPEG, WebP or GIF image. SVG is not accepted.');
  });

  it('falls back to the section’s words for any other failure', () => {
    expect(imageError(new ApiError(0, undefined, 0), t)).toBe(texts.errors.noAnswer);
  });
});
