import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Edited images: a flattened rendering filed as an image of its own, pointing at the untouched
 * original it was drawn from and keeping the edit layer (data) so it can be changed later.
 * Sizes are kept so the editor need not decode the original to lay the layer out.
 */
export class ImageEdits1796100000000 implements MigrationInterface {
  name = 'ImageEdits1796100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `ALTER TABLE "media"."images"
         ADD COLUMN "width" integer,
         ADD COLUMN "height" integer,
         ADD COLUMN "source_image_id" uuid REFERENCES "media"."images"("id") ON DELETE RESTRICT,
         ADD COLUMN "edit" jsonb`,
    );
    await runner.query('CREATE INDEX "images_source_idx" ON "media"."images" ("source_image_id") WHERE "source_image_id" IS NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX "media"."images_source_idx"');
    await runner.query('ALTER TABLE "media"."images" DROP COLUMN "edit", DROP COLUMN "source_image_id", DROP COLUMN "height", DROP COLUMN "width"');
  }
}
