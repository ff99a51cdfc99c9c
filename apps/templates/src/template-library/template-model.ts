import type { Template } from '@sopwright/contracts';

export interface TemplateStep {
  title: string;
  details: string;
}

/** A template with its `bodyJson` read into steps, ready to show. */
export interface LibraryTemplate {
  id: string;
  title: string;
  category: string;
  steps: TemplateStep[];
}

/** The template card previews this many step titles (spec §9). */
export const PREVIEW_STEP_COUNT = 3;

/** Reads the steps out of a template's `bodyJson`; anything malformed reads as no steps. */
export function parseTemplateSteps(bodyJson: string): TemplateStep[] {
  let body: unknown;
  try {
    body = JSON.parse(bodyJson);
  } catch {
    return [];
  }
  const steps = typeof body === 'object' && body !== null ? (body as { steps?: unknown }).steps : undefined;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((step: unknown) => {
    if (typeof step !== 'object' || step === null) return [];
    const { title, details } = step as { title?: unknown; details?: unknown };
    if (typeof title !== 'string') return [];
    return [{ title, details: typeof details === 'string' ? details : '' }];
  });
}

export function toLibraryTemplate(template: Template): LibraryTemplate {
  return { id: template.id, title: template.title, category: template.category, steps: parseTemplateSteps(template.bodyJson) };
}

export function stepCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'step' : 'steps'}`;
}

/** The first step titles a card shows, and how many more there are ('+N more steps'). */
export function stepPreview(steps: TemplateStep[]): { shown: TemplateStep[]; moreLabel: string | null } {
  const more = steps.length - PREVIEW_STEP_COUNT;
  return {
    shown: steps.slice(0, PREVIEW_STEP_COUNT),
    moreLabel: more > 0 ? `+${more} more ${more === 1 ? 'step' : 'steps'}` : null,
  };
}

export interface CategoryCount {
  category: string;
  count: number;
}

/** One chip per category in the data, in alphabetical order, with how many templates it has. */
export function categoriesOf(templates: { category: string }[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const { category } of templates) counts.set(category, (counts.get(category) ?? 0) + 1);
  return [...counts.entries()].map(([category, count]) => ({ category, count })).sort((a, b) => a.category.localeCompare(b.category));
}

/** `null` is the 'All' chip; a category no longer in the results also shows everything. */
export function filterByCategory<T extends { category: string }>(templates: T[], category: string | null): T[] {
  if (category === null || !templates.some((t) => t.category === category)) return templates;
  return templates.filter((t) => t.category === category);
}

/** Where 'Use Template' goes: the create page with the template as URL-encoded JSON (spec §2). */
export function templateHref(template: { title: string; steps: TemplateStep[] }): string {
  return `/create?template=${encodeURIComponent(JSON.stringify({ title: template.title, steps: template.steps }))}`;
}

const categoryPalettes = ['teal', 'blue', 'purple', 'orange', 'pink', 'cyan', 'green', 'red', 'yellow', 'gray'] as const;
export type CategoryPalette = (typeof categoryPalettes)[number];

/** The catalogue's ten categories, each with its own colour. */
const knownCategoryPalettes: Record<string, CategoryPalette> = {
  'Compliance & Quality': 'purple',
  'Customer Support': 'blue',
  'Engineering & Releases': 'cyan',
  'Finance & Accounting': 'green',
  'Health & Safety': 'red',
  'HR & Onboarding': 'pink',
  'IT & Security': 'gray',
  Marketing: 'orange',
  'Operations & Facilities': 'yellow',
  Sales: 'teal',
};

/** A stable badge colour per category, so a category looks the same on every card and chip. */
export function categoryPalette(category: string): CategoryPalette {
  const known = knownCategoryPalettes[category];
  if (known) return known;
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return categoryPalettes[hash % categoryPalettes.length] ?? 'gray';
}
