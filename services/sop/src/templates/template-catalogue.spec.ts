import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from './template-catalogue';

describe('the template catalogue shipped in services/sop/templates', () => {
  const catalogue = loadCatalogue();
  const categories = new Map<string, number>();
  for (const template of catalogue) categories.set(template.category, (categories.get(template.category) ?? 0) + 1);

  it('has at least 80 templates across at least 10 categories, at least 6 in each', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(80);
    expect(categories.size).toBeGreaterThanOrEqual(10);
    for (const [category, count] of categories) expect([category, count >= 6]).toEqual([category, true]);
  });

  it('has 5 to 12 steps per template, each with a title and real details', () => {
    for (const template of catalogue) {
      expect(template.steps.length).toBeGreaterThanOrEqual(5);
      expect(template.steps.length).toBeLessThanOrEqual(12);
      for (const step of template.steps) {
        expect(step.title.trim()).not.toBe('');
        expect(step.details.trim().length).toBeGreaterThanOrEqual(40);
        expect(step.details).not.toMatch(/lorem ipsum|TODO|TBD/i);
      }
    }
  });

  it('has no duplicate ids, titles or step lists', () => {
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(catalogue.map((t) => t.id))).toBe(true);
    expect(unique(catalogue.map((t) => t.title.toLowerCase()))).toBe(true);
    expect(unique(catalogue.map((t) => JSON.stringify(t.steps)))).toBe(true);
  });
});

describe('loadCatalogue', () => {
  const writeCatalogue = (files: Record<string, unknown>) => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
    return dir;
  };
  const step = { title: 'Do the thing', details: 'A detailed explanation of how the thing is done, by whom and when.' };
  const template = (id: string) => ({ id, title: `Template ${id}`, steps: [step, step, step, step, step] });

  it('refuses a file that breaks the shape, naming the file', () => {
    const dir = writeCatalogue({ 'bad.json': { category: 'Ops', templates: [{ ...template('a'), steps: [step] }] } });
    expect(() => loadCatalogue(dir)).toThrow(/bad\.json/);
  });

  it('refuses an id used in two files', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map(template);
    const dir = writeCatalogue({ 'one.json': { category: 'One', templates: six }, 'two.json': { category: 'Two', templates: six } });
    expect(() => loadCatalogue(dir)).toThrow(/used twice/);
  });
});
