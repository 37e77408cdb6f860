/**
 * Which human check (the `humanCheck` point: the captcha plugin's) a risky attempt must pass. The
 * host's region alone would let an attacker dodge it by calling the regional host of a region where
 * it is off while aiming at accounts of another: the check is asked where it is on for the host's
 * region or for the region the attempt concerns (the account's, the registration's).
 */
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { ServerPoints } from '../plugin-host/points';

/**
 * The check on for any of `regions` (null: the global host, where it counts when on in any region),
 * or null when it is off for all of them.
 */
export function humanCheckFor(ctx: Ctx, regions: ReadonlyArray<RegionCode | null | undefined>): ServerPoints['humanCheck'] | null {
  for (const region of regions) {
    if (region === undefined) continue;
    const check = ctx.extensions.first(ctx, 'humanCheck', region);
    if (check) return check;
  }
  return null;
}

/**
 * A sign-in's regions: its host's, and the account's. Under enumeration protection the answer must
 * not depend on whether (or where) the address has an account, so the default region stands in for it.
 */
export function signInCheckRegions(ctx: Ctx, hostRegion: RegionCode | null | undefined, accountRegion: RegionCode | undefined): Array<RegionCode | null | undefined> {
  return [hostRegion ?? null, ctx.options.enumerationProtection ? ctx.options.defaultRegion : accountRegion];
}
