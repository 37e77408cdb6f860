/**
 * The server's extension points: where the core asks the plugins' server halves for what only
 * they know. Each point is declared here, by the core, with its shape; a server half contributes
 * through its context (`contribute`), and a contribution is used only where its plugin is on
 * for the account concerned. A contribution to a point not declared here does not typecheck.
 */
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { AccountTable } from '../db/types';

export interface ServerPoints {
  /**
   * Who may read a stored upload of one kind (the files route serves avatars to anyone with the
   * link; every other kind only where a reader says yes). Without a reader for its kind, or with
   * its plugin off for the reader's region, a file is refused.
   */
  fileReader: {
    kind: string;
    mayRead(ctx: Ctx, file: { region: RegionCode; id: string; uploaderId: string }, reader: { id: string; region: RegionCode }): Promise<boolean>;
  };
  /**
   * Registration through an invitation code: checked before the account is made (the code is live
   * and for this address), redeemed right after.
   */
  registrationInvitation: {
    check(ctx: Ctx, code: string, email: string, region: RegionCode): Promise<{ orgRegion: RegionCode }>;
    accept(ctx: Ctx, region: RegionCode, account: AccountTable, code: string): Promise<unknown>;
  };
}

export type PointName = keyof ServerPoints;

interface Contribution<K extends PointName> {
  plugin: string;
  value: ServerPoints[K];
}

export class ServerExtensions {
  private readonly contributions: { [K in PointName]: Array<Contribution<K>> } = { fileReader: [], registrationInvitation: [] };

  contribute<K extends PointName>(plugin: string, point: K, value: ServerPoints[K]): void {
    (this.contributions[point] as Array<Contribution<K>>).push({ plugin, value });
  }

  /** The contributions to a point whose plugin is on for an account of `region` (any region when null). */
  for<K extends PointName>(ctx: Ctx, point: K, region: RegionCode | null): Array<ServerPoints[K]> {
    return (this.contributions[point] as Array<Contribution<K>>).filter((c) => ctx.switches.state(c.plugin, { region, appType: null }) === 'on').map((c) => c.value);
  }
}
