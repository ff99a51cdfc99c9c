import { sanitizeSvg } from './svg-sanitizer';

const wrap = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps shapes, gradients and local styles', () => {
    const logo = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>' +
        '<style>.a{fill:url(#g)}</style><rect class="a" width="10" height="10" style="stroke:#000"/><use href="#g"/>',
    );
    const clean = sanitizeSvg(logo)!;
    expect(clean).toContain('<linearGradient id="g"');
    expect(clean).toContain('.a{fill:url(#g)}');
    expect(clean).toContain('style="stroke:#000"');
    expect(clean).toContain('viewBox="0 0 10 10"');
  });

  it('removes scripts and event handlers', () => {
    const clean = sanitizeSvg(wrap('<script>alert(1)</script><rect onclick="alert(2)" width="1" height="1"/>', ' onload="alert(3)"'))!;
    expect(clean).not.toMatch(/script|alert|onload|onclick/i);
    expect(clean).toContain('<rect');
  });

  it('removes external references in links, images, CSS and foreign content', () => {
    const clean = sanitizeSvg(
      wrap(
        '<a href="https://evil.example/"><rect width="1" height="1"/></a>' +
          '<image href="https://evil.example/pixel.png" width="1" height="1"/>' +
          '<image xlink:href="javascript:alert(1)" width="1" height="1"/>' +
          '<rect width="1" height="1" fill="url(https://evil.example/x.svg#p)"/>' +
          '<style>@import url("https://evil.example/font.css");</style>' +
          '<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>',
      ),
    )!;
    expect(clean).not.toMatch(/evil\.example|javascript:|@import|foreignObject|iframe/i);
  });

  it('sees through CSS escapes and comments hiding an import or a url', () => {
    const hidden = [
      '<style>@\\69mport "https://evil.example/a.css";</style>',
      '<style>.a{background:u\\72l(https://evil.example/b.png)}</style>',
      '<style>.a{background:\\75 \\72 \\6c (https://evil.example/c.png)}</style>',
      '<style>.a{background:ur\\l(https://evil.example/d.png)}</style>',
      '<style>.a{background:image-set("https://evil.example/e.png" 1x)}</style>',
      '<rect width="1" height="1" style="fill:u\\72l(https://evil.example/f.svg#p)"/>',
      '<rect width="1" height="1" style="fill:u\\000072l(https://evil.example/g.svg#p)"/>',
    ];
    for (const inner of hidden) expect([inner, sanitizeSvg(wrap(inner + '<circle r="1"/>'))]).toEqual([inner, expect.not.stringContaining('evil.example')]);
    // Escapes that stay inside the document are fine.
    expect(sanitizeSvg(wrap('<style>.a{fill:u\\72l(#g)}</style><circle r="1"/>'))).toContain('#g');
  });

  it('refuses what is not an SVG at all', () => {
    expect(sanitizeSvg('<html><body><script>x</script></body></html>')).toBeNull();
    expect(sanitizeSvg('just text')).toBeNull();
  });
});
