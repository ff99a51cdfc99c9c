import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'ids are kebab-case slugs');
const text = (min: number, max: number) => z.string().trim().min(min).max(max);

export const catalogueFileSchema = z.object({
  category: text(3, 60),
  templates: z
    .array(
      z.object({
        id: slug,
        title: text(5, 120),
        steps: z.array(z.object({ title: text(3, 120), details: text(40, 1200) })).min(5).max(12),
      }),
    )
    .min(6),
});

export interface CatalogueTemplate {
  id: string;
  title: string;
  category: string;
  steps: { title: string; details: string }[];
  /** Changes whenever the template's content does, so seeding rewrites only what changed. */
  checksum: string;
}

/** The template library ships as JSON files in the repository, one per category. */
export const defaultCatalogueDir = resolve(__dirname, '../../templates');

export function loadCatalogue(dir = defaultCatalogueDir): CatalogueTemplate[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  const templates = files.flatMap((name) => {
    const parsed = catalogueFileSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
    if (!parsed.success) throw new Error(`Template file ${name} is invalid: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    return parsed.data.templates.map((template) => ({
      ...template,
      category: parsed.data.category,
      checksum: createHash('sha256').update(JSON.stringify([parsed.data.category, template.title, template.steps])).digest('hex'),
    }));
  });
  const duplicate = templates.find((template, index) => templates.findIndex((other) => other.id === template.id) !== index);
  if (duplicate) throw new Error(`Template id ${duplicate.id} is used twice`);
  return templates;
}
