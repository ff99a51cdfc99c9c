import { Inject, Injectable } from '@nestjs/common';
import type { Template } from '@sopwright/contracts';
import { DataSource } from 'typeorm';
import { loadCatalogue, type CatalogueTemplate } from './template-catalogue';
import { TemplateEntity } from './template.entity';

export const TEMPLATE_CATALOGUE = Symbol('TEMPLATE_CATALOGUE');

/** `%`, `_` and `\` are LIKE wildcards; a search for them means the characters themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

@Injectable()
export class TemplatesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TEMPLATE_CATALOGUE) private readonly catalogue: CatalogueTemplate[],
  ) {}

  async list(query?: string): Promise<Template[]> {
    const builder = this.dataSource.getRepository(TemplateEntity).createQueryBuilder('template').orderBy('template.category').addOrderBy('template.title');
    const q = query?.trim();
    if (q) builder.where("(template.title ILIKE :pattern ESCAPE '\\' OR template.category ILIKE :pattern ESCAPE '\\')", { pattern: `%${escapeLike(q)}%` });
    const templates = await builder.getMany();
    return templates.map((template) => ({
      id: template.id,
      title: template.title,
      category: template.category,
      bodyJson: JSON.stringify({ steps: template.steps }),
    }));
  }

  /**
   * One statement upserts the whole catalogue, rewriting only rows whose content differs
   * (so a page load that seeds costs one cheap query); ON CONFLICT makes concurrent seeds
   * from several replicas and page loads safe.
   */
  async seed(): Promise<{ templates: number; changed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const rows = this.catalogue.map(({ id, title, category, steps, checksum }) => ({ id, title, category, steps, checksum }));
      const changed: { id: string }[] = await manager.query(
        `INSERT INTO "sop"."templates" ("id", "title", "category", "steps", "checksum")
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS t("id" text, "title" text, "category" text, "steps" jsonb, "checksum" text)
         ON CONFLICT ("id") DO UPDATE SET
           "title" = EXCLUDED."title", "category" = EXCLUDED."category", "steps" = EXCLUDED."steps",
           "checksum" = EXCLUDED."checksum", "updated_at" = now()
         WHERE "templates"."checksum" IS DISTINCT FROM EXCLUDED."checksum"
         RETURNING "id"`,
        [JSON.stringify(rows)],
      );
      // Templates removed from the catalogue leave the library too.
      await manager.query('DELETE FROM "sop"."templates" WHERE NOT ("id" = ANY($1::text[]))', [this.catalogue.map((t) => t.id)]);
      return { templates: this.catalogue.length, changed: changed.length };
    });
  }
}

export const catalogueProvider = { provide: TEMPLATE_CATALOGUE, useFactory: () => loadCatalogue() };
