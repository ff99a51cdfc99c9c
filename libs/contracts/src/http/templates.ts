import { z } from 'zod';

export const templateBodySchema = z.object({
  steps: z.array(z.object({ title: z.string(), details: z.string() })),
});
export type TemplateBody = z.infer<typeof templateBodySchema>;

/** `bodyJson` is a string holding `TemplateBody`, as the spec defines it. */
export const templateSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  bodyJson: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateQuerySchema = z.object({ q: z.string({ error: 'Search for one piece of text at a time' }).max(200, 'Searches are limited to 200 characters').optional() });
