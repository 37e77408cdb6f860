/** What an operator reads for a failed call of the services section: the section's own words where it has them. */
import { ApiError, ERROR_CODES as E, errorMessage, type ErrorMessageT } from '@portal/plugin-api';
import type { TFunction } from 'i18next';
import type { ImageRefusal, ServiceRefusal } from './contract';

export type ServicesT = TFunction<['ops-services', 'core']>;

/** One line for a failed call; a refusal's problems are listed by `refusalOf`. */
export function servicesError(error: unknown, t: ServicesT): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === 0) return t('ops-services:errors.noAnswer');
    if (error.code === E.permissionDenied) return t('ops-services:errors.notAllowed');
    if (error.status === 409) return t('ops-services:errors.changedMeanwhile');
    if (error.code === E.invalidParameter) return t('ops-services:errors.refused');
    if (error.status === 404) return t('ops-services:errors.notFound');
  }
  return errorMessage(error, t as unknown as ErrorMessageT);
}

/** An upload's refusal: the limit it passed (pixels a side, the images' shared room), or what servicesError says. */
export function imageError(error: unknown, t: ServicesT): string {
  const refusal = error instanceof ApiError && error.code === E.invalidParameter ? (error.result as ImageRefusal | undefined) : undefined;
  if (refusal?.maxSide) return t('ops-services:image.dimensions', { max: refusal.maxSide });
  if (refusal?.quotaBytes) return t('ops-services:image.quota', { mb: Math.round(refusal.quotaBytes / (1024 * 1024)) });
  if (refusal?.maxBytes) return t('ops-services:image.size', { kb: Math.round(refusal.maxBytes / 1024) });
  if (refusal?.field === 'contentType') return t('ops-services:image.type');
  return servicesError(error, t);
}

/** What a 400 -10020 of a save names: the clients check's problems, or colours below AA. */
export function refusalOf(error: unknown): ServiceRefusal | null {
  if (!(error instanceof ApiError) || error.code !== E.invalidParameter) return null;
  const result = error.result as ServiceRefusal | undefined;
  return result && (result.problems || result.contrast || result.field) ? result : null;
}
