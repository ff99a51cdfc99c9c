import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A print-size rendition beside each step image: what exports embed; the original stays for viewing and download. */
export class ImagePrintRenditions1795400000000 implements MigrationInterface {
  name = 'ImagePrintRenditions1795400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "media"."images" ADD COLUMN "print_object_key" text UNIQUE, ADD COLUMN "print_content_type" text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "media"."images" DROP COLUMN "print_object_key", DROP COLUMN "print_content_type"');
  }
}
