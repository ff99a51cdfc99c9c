import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const styles = ['spoken', 'list', 'prose', 'notes'] as const;
export type Style = (typeof styles)[number];

const itemSchema = z.object({
  id: z.string().min(1),
  style: z.enum(styles),
  domain: z.string(),
  text: z.string().min(1),
  expected: z.object({ title: z.string().min(1), steps: z.array(z.string().min(1)).min(3) }),
});
const setSchema = z.object({ description: z.string().optional(), items: z.array(itemSchema).min(1) });

export type EvalItem = z.infer<typeof itemSchema>;

const dataDir = join(__dirname, '../../data');

/** The development set (what the structurer was tuned on) and the held-out set (never tuned on). */
export function loadEvalSets(): { development: EvalItem[]; holdout: EvalItem[] } {
  const read = (file: string) => setSchema.parse(JSON.parse(readFileSync(join(dataDir, file), 'utf8'))).items;
  return { development: read('structurer-eval.json'), holdout: read('structurer-holdout.json') };
}
