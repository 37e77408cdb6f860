/**
 * The server's extension points: where the core asks the plugins' server halves for what only
 * they know. Each point is declared here, by the core, with its shape; a server half contributes
 * through its context (`contribute`), and a contribution is used only where its plugin is on
 * for the account concerned. A contribution to a point not declared here does not typecheck.
 */
import type { RegionCode } from '../../core/contract/regions';
import type { Ctx } from '../context';
import type { MigrationRequiredResult } from '../../core/contract/migration';
import type { AccountTable, LegacyAccountTable } from '../db/types';

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
  /**
   * A sign-in's old accounts of the same address (the partner programme's and apps' local
   * accounts): found before the password is checked against them, then answered with -6 to
   * migrate one, pick one, or merge them into the vendor ID. Without a contribution, or where
   * its plugin is off, a sign-in knows no old accounts.
   */
  legacyAccounts: {
    find(ctx: Ctx, email: string): Promise<LegacyAccountTable[]>;
    required(ctx: Ctx, email: string, variant: MigrationRequiredResult['variant'], locals: LegacyAccountTable[], vendor?: { region: RegionCode; account: AccountTable }): Promise<MigrationRequiredResult>;
  };
}

export type PointName = keyof ServerPoints;

interface Contribution<K extends PointName> {
  plugin: string;
  value: ServerPoints[K];
}

export class ServerExtensions {
  private readonly contributions: { [K in PointName]: Array<Contribution<K>> } = { fileReader: [], registrationInvitation: [], legacyAccounts: [] };

  contribute<K extends PointName>(plugin: string, point: K, value: ServerPoints[K]): void {
    (this.contributions[point] as Array<Contribution<K>>).push({ plugin, value });
  }

  /** The contributions to a point whose plugin is on for an account of `region` (any region when null). */
  for<K extends PointName>(ctx: Ctx, point: K, region: RegionCode | null): Array<ServerPoints[K]> {
    return (this.contributions[point] as Array<Contribution<K>>).filter((c) => ctx.switches.state(c.plugin, { region, appType: null }) === 'on').map((c) => c.value);
  }
}
