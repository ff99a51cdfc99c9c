import {
  categoriesOf,
  categoryPalette,
  filterByCategory,
  parseTemplateSteps,
  stepCountLabel,
  stepPreview,
  templateHref,
  toLibraryTemplate,
} from './template-model';

const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Step ${i + 1}`, details: `Details ${i + 1}` }));

describe('parseTemplateSteps', () => {
  it('reads the steps out of bodyJson', () => {
    expect(parseTemplateSteps(JSON.stringify({ steps: steps(2) }))).toEqual(steps(2));
  });

  it('reads malformed bodies as no steps, and drops steps without a title', () => {
    expect(parseTemplateSteps('{not json')).toEqual([]);
    expect(parseTemplateSteps('null')).toEqual([]);
    expect(parseTemplateSteps('{"steps":"nope"}')).toEqual([]);
    expect(parseTemplateSteps('{"steps":[{"title":"A"},{"details":"no title"},7,{"title":"B","details":"b"}]}')).toEqual([
      { title: 'A', details: '' },
      { title: 'B', details: 'b' },
    ]);
  });
});

describe('card text', () => {
  it('counts steps', () => {
    expect(stepCountLabel(6)).toBe('6 steps');
    expect(stepCountLabel(1)).toBe('1 step');
  });

  it('previews the first 3 step titles and says how many more there are', () => {
    expect(stepPreview(steps(6))).toEqual({ shown: steps(3), moreLabel: '+3 more steps' });
    expect(stepPreview(steps(4)).moreLabel).toBe('+1 more step');
    expect(stepPreview(steps(3))).toEqual({ shown: steps(3), moreLabel: null });
    expect(stepPreview(steps(2))).toEqual({ shown: steps(2), moreLabel: null });
  });
});

describe('categories', () => {
  const library = [
    { id: '1', category: 'Sales' },
    { id: '2', category: 'Marketing' },
    { id: '3', category: 'Sales' },
  ];

  it('derives one chip per category, alphabetically, with counts', () => {
    expect(categoriesOf(library)).toEqual([
      { category: 'Marketing', count: 1 },
      { category: 'Sales', count: 2 },
    ]);
    expect(categoriesOf([])).toEqual([]);
  });

  it('filters by the chosen category; All, or a category not in the results, shows everything', () => {
    expect(filterByCategory(library, 'Sales').map((t) => t.id)).toEqual(['1', '3']);
    expect(filterByCategory(library, null)).toBe(library);
    expect(filterByCategory(library, 'Finance')).toBe(library);
  });

  it('gives each category a stable colour', () => {
    expect(categoryPalette('Sales')).toBe(categoryPalette('Sales'));
    expect(categoryPalette('Something New')).toEqual(expect.any(String));
  });
});

describe('templateHref', () => {
  it('sends the title and steps to /create as URL-encoded JSON', () => {
    const template = toLibraryTemplate({ id: 't1', title: 'Close the books & report', category: 'Finance', bodyJson: JSON.stringify({ steps: steps(2) }) });
    const href = templateHref(template);
    expect(href.startsWith('/create?template=')).toBe(true);
    const param = new URL(href, 'http://app.test').searchParams.get('template');
    expect(JSON.parse(param!)).toEqual({ title: 'Close the books & report', steps: steps(2) });
    expect(href).toBe(`/create?template=${encodeURIComponent(JSON.stringify({ title: template.title, steps: template.steps }))}`);
  });
});
