import type { LoadedDocument } from './loaded-document';
import { renderHtml } from './render-html';
import { escapeMarkdown, renderMarkdown } from './render-markdown';

const document = (overrides: Partial<LoadedDocument> = {}): LoadedDocument => ({
  title: 'Open the store',
  sourceType: 'video',
  createdAt: '2026-03-04T10:00:00.000Z',
  companyName: null,
  companyLogo: null,
  steps: [
    { number: 1, title: 'Unlock the door', details: 'Use the blue key.', images: [] },
    { number: 2, title: 'Switch on the lights', details: '', images: [] },
  ],
  ...overrides,
});

describe('renderHtml', () => {
  it('shows the title, badge, date, count and numbered steps', () => {
    const html = renderHtml(document());
    expect(html).toContain('<h1>Open the store</h1>');
    expect(html).toContain('<span class="badge">Video</span>');
    expect(html).toContain('Created March 4, 2026');
    expect(html).toContain('2 steps');
    expect(html).toMatch(/<div class="number">1<\/div>\s*<div>\s*<h2>Unlock the door<\/h2>/);
  });

  it('leaves the brand out when the profile has none, and shows it when it has', () => {
    expect(renderHtml(document())).not.toContain('class="brand"');
    expect(renderHtml(document({ companyName: 'Acme & Co' }))).toContain('<span class="company">Acme &amp; Co</span>');
  });

  it('renders template syntax and markup typed by the user as text', () => {
    const html = renderHtml(document({ title: '{{#each steps}}x{{/each}} <b>bold</b>', companyName: '{{title}}' }));
    expect(html).toContain('{{#each steps}}x{{/each}} &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('<span class="company">{{title}}</span>');
  });

  it('embeds images as data: URIs, or with an image source names each by the URL it gives', () => {
    const image = (byte: number, contentType = 'image/jpeg') => {
      const bytes = Buffer.from([byte, byte, byte]); // no base64 padding, which the template escapes
      return { contentType, bytes, dataUri: `data:${contentType};base64,${bytes.toString('base64')}`, url: `/api/media/images/${byte}` };
    };
    const withImages = document({
      companyLogo: image(9, 'image/svg+xml'),
      steps: [{ number: 1, title: 'Unlock the door', details: '', images: [image(1), image(2)] }],
    });
    const inline = renderHtml(withImages);
    expect(inline).toContain('<img src="data:image/svg+xml;base64,CQkJ"');
    expect(inline).toContain('<img src="data:image/jpeg;base64,AQEB" alt="Step 1 image 0"><img src="data:image/jpeg;base64,AgIC" alt="Step 1 image 1">');
    const named = renderHtml(withImages, (shown) => `https://print-image.invalid/${shown.bytes[0]}?a&b`);
    expect(named).toContain('<img src="https://print-image.invalid/9?a&amp;b"');
    expect(named).toContain('<img src="https://print-image.invalid/1?a&amp;b" alt="Step 1 image 0"><img src="https://print-image.invalid/2?a&amp;b" alt="Step 1 image 1">');
    expect(named).not.toContain('data:');
    // The document itself is left as it was.
    expect(withImages.steps[0]!.images[0]!.dataUri).toBe('data:image/jpeg;base64,AQEB');
    expect(renderHtml(withImages)).toBe(inline);
  });

  it('says so when there are no steps', () => {
    expect(renderHtml(document({ steps: [] }))).toContain('No steps found in this SOP');
  });
});

describe('escapeMarkdown', () => {
  it('makes inline markers, HTML and block starts literal', () => {
    expect(escapeMarkdown('*a* _b_ `c` [d](e) <i> & ~f~ | #g !h')).toBe('\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) &lt;i&gt; &amp; \\~f\\~ \\| \\#g \\!h');
    expect(escapeMarkdown('1. not a list')).toBe('1\\. not a list');
    expect(escapeMarkdown('- not a bullet')).toBe('\\- not a bullet');
    expect(escapeMarkdown('> not a quote')).toBe('&gt; not a quote');
  });
});

describe('renderMarkdown', () => {
  it('writes a heading, a meta line and a numbered list with indented details', () => {
    const markdown = renderMarkdown(document({ companyName: 'Acme' }), 'https://sop.example.com');
    expect(markdown).toBe(
      [
        '**Acme**',
        '',
        '# Open the store',
        '',
        '*Video · Created March 4, 2026 · 2 steps*',
        '',
        '1. **Unlock the door**',
        '',
        '   Use the blue key.',
        '',
        '2. **Switch on the lights**',
        '',
      ].join('\n'),
    );
  });
});
