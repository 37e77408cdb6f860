/**
 * The captcha's table, in the global store (any instance may check a puzzle another issued):
 * each puzzle's secret answer, its single-use image keys, its attempts and the token it gave.
 * A store made before the plugins owned their tables has it already.
 */
import type { MigrationSet, ServerContext as Ctx } from '@portal/server-api';

export interface CaptchaTable {
  id: string;
  /** The answer: the piece image's left edge when the piece fits the gap. Never sent. */
  target_x: number;
  /** Top of the gap's body. Never sent. */
  piece_y: number;
  created_at: number;
  expires_at: number;
  attempts: number;
  solved_at: number | null;
  token_hash: string | null;
  token_expires_at: number | null;
  token_used_at: number | null;
  /** Seed of the picture (puzzle.ts). Never sent. */
  seed: string;
  /** SHA-256 of the single-use URL keys of the two images, and when each was served. */
  image_key_hash: string | null;
  piece_key_hash: string | null;
  image_served_at: number | null;
  piece_served_at: number | null;
  /** The sign-in address the puzzle was issued for (captcha.ts: captchaSubject); null for registration. */
  subject: string | null;
}

// A type, not an interface: Kysely's withTables wants a record of tables.
export type CaptchaTables = { captcha_challenges: CaptchaTable };

export const captchaStore = (ctx: Pick<Ctx, 'stores'>) => ctx.stores.global.withTables<CaptchaTables>();

export const captchaMigrations: MigrationSet = () => ({
  '001_captcha_challenges': {
    async up(db) {
      await db.schema
        .createTable('captcha_challenges')
        .ifNotExists()
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('target_x', 'integer', (c) => c.notNull())
        .addColumn('piece_y', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('solved_at', 'bigint')
        .addColumn('token_hash', 'varchar(64)')
        .addColumn('token_expires_at', 'bigint')
        .addColumn('token_used_at', 'bigint')
        .addColumn('seed', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('image_key_hash', 'varchar(64)')
        .addColumn('piece_key_hash', 'varchar(64)')
        .addColumn('image_served_at', 'bigint')
        .addColumn('piece_served_at', 'bigint')
        .addColumn('subject', 'varchar(64)')
        .execute();
      await db.schema.createIndex('captcha_token_idx').ifNotExists().on('captcha_challenges').column('token_hash').execute();
      await db.schema.createIndex('captcha_image_key_idx').ifNotExists().unique().on('captcha_challenges').column('image_key_hash').execute();
      await db.schema.createIndex('captcha_piece_key_idx').ifNotExists().unique().on('captcha_challenges').column('piece_key_hash').execute();
      // The pruning job deletes by expiry.
      await db.schema.createIndex('captcha_expiry_idx').ifNotExists().on('captcha_challenges').column('expires_at').execute();
    },
  },
});
