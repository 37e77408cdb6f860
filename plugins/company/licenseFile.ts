/**
 * Business licence files are served only to the company's members (and the uploader), with
 * the access token: a plain link would open without it. So the file is fetched with the
 * token and handed to the browser as a download of a Blob.
 */
import { REGION_CODES, type RegionCode } from '@portal/plugin-api';

export interface LicenseFileRef {
  region: RegionCode;
  fileId: string;
}

/** The region and id in a file URL of the server (`…/files/<region>/<id>`), or null. */
export function licenseFileOf(url: string): LicenseFileRef | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://portal.invalid').pathname;
  } catch {
    return null;
  }
  const match = /\/files\/(use|aps|euw)\/([A-Za-z0-9_-]{1,64})$/.exec(pathname);
  const region = match && REGION_CODES.find((code) => code.toLowerCase() === match[1]);
  return match && region ? { region, fileId: match[2]! } : null;
}
