import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import sharp from 'sharp';
import { api, registerUser } from '../support/api';
import { fetchAsUser, seedSop, tinyPng, upload } from '../support/fixtures';
import { closeServices } from '../support/services';

afterAll(closeServices);

const hostileTitle = 'Close the <script>alert("x")</script> register {{constructor}}';
const hostileDetails = '# Not a heading\n1. not a list\n<img src=x onerror=alert(1)> **bold** [link](javascript:alert(1)) ' + 'W'.repeat(300);

/** pdftotext's text with runs of whitespace (and the line breaks of layout) collapsed. */
function pdfText(pdfPath: string): string {
  return execFileSync('pdftotext', [pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function brandedSopWithImages() {
  const user = await registerUser();
  const stepImage = await upload('/api/sop/upload-image', 'image', { bytes: tinyPng, name: 's.png' }, user.token);
  const logo = await upload('/api/profile/logo', 'logo', {
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="18" fill="#21796e"/></svg>'),
    name: 'logo.svg',
  }, user.token);
  expect(logo.status).toBe(200);
  await api('PUT', '/api/profile', { token: user.token, json: { companyName: 'Northwind Traders' } });
  const sop = await seedSop(user.user.id, hostileTitle, {
    steps: [
      { title: 'Count the cash drawer', details: hostileDetails, imageUrls: [stepImage.body!.imageUrl as string] },
      { title: 'Seal the deposit bag', details: 'Write the total on the bag.\nDrop it in the safe.' },
      { title: 'Lock the front door', details: '' },
    ],
  });
  return { user, sop };
}

describe('print-size images in exports', () => {
  it('embeds a print-size JPEG of a large screenshot in documents, while the app serves the original', async () => {
    const user = await registerUser();
    // A 2560×1600 PNG with detail (a gradient and noise), as a screen capture is; it prints from 1024×640.
    const raw = Buffer.alloc(2560 * 1600 * 3);
    for (let index = 0; index < raw.length; index++) raw[index] = ((index % 7680) / 30 + ((index * 2654435761) >>> 28)) & 0xff;
    const screenshot = await sharp(raw, { raw: { width: 2560, height: 1600, channels: 3 } }).png().toBuffer();
    const uploaded = await upload('/api/sop/upload-image', 'image', { bytes: screenshot, name: 'capture.png' }, user.token);
    expect(uploaded.status).toBe(200);
    const imageUrl = uploaded.body!.imageUrl as string;
    const sop = await seedSop(user.user.id, 'Print sizes', { steps: [{ title: 'Open the report', details: '', imageUrls: [imageUrl] }] });

    // The app shows the original, byte for byte.
    const original = await fetchAsUser(imageUrl, user.token);
    expect(Buffer.from(await original.arrayBuffer()).equals(screenshot)).toBe(true);

    const docx = await JSZip.loadAsync(Buffer.from(await (await fetchAsUser(`/api/sop/${sop.id}/export/docx`, user.token)).arrayBuffer()));
    const media = Object.keys(docx.files).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const embedded = await sharp(await docx.file(media[0]!)!.async('nodebuffer')).metadata();
    expect({ format: embedded.format, width: embedded.width, height: embedded.height }).toEqual({ format: 'jpeg', width: 1024, height: 640 });

    const html = await (await fetchAsUser(`/api/sop/${sop.id}/export/html`, user.token)).text();
    expect(html.match(/src="data:image\/jpeg;base64,/g)).toHaveLength(1);
    const pdf = await fetchAsUser(`/api/sop/${sop.id}/export/pdf`, user.token);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).length).toBeLessThan(screenshot.length);
  });
});

describe('exports', () => {
  let fixture: Awaited<ReturnType<typeof brandedSopWithImages>>;
  beforeAll(async () => {
    fixture = await brandedSopWithImages();
  });
  const exportOf = (format: string, token = fixture.user.token) => fetchAsUser(`/api/sop/${fixture.sop.id}/export/${format}`, token);

  it('renders HTML that stands alone, branded, with every user text inert', async () => {
    const response = await exportOf('html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="Close-the-script-alert-x-script-register-constructor\.html"/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('Northwind Traders');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('{{constructor}}');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(html).not.toMatch(/<script|<img src=x/i);
    expect(html.match(/src="data:image\/(png|svg\+xml);base64,/g)).toHaveLength(2);
    expect(html).not.toContain('/api/media/images/');
    expect(html).toContain('3 steps');
  });

  it('renders Markdown with numbered steps, escaped text and image links', async () => {
    const response = await exportOf('markdown');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const markdown = await response.text();
    expect(markdown).toContain('**Northwind Traders**');
    expect(markdown).toContain('# Close the &lt;script&gt;alert("x")&lt;/script&gt; register {{constructor}}');
    expect(markdown).toContain('1. **Count the cash drawer**');
    expect(markdown).toContain('   \\# Not a heading');
    expect(markdown).toContain('   1\\. not a list');
    expect(markdown).toContain('\\*\\*bold\\*\\* \\[link\\](javascript:alert(1))');
    expect(markdown).toMatch(/\[Image 1 for step 1\]\(<http:\/\/localhost:8080\/api\/media\/images\/[0-9a-f-]{36}>\)/);
    expect(markdown).toContain('2. **Seal the deposit bag**\n\n   Write the total on the bag.\n   Drop it in the safe.');
    expect(markdown).toContain('3. **Lock the front door**');
  });

  it('prints a PDF with the title, every step, the company name and page numbers', async () => {
    const response = await exportOf('pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'export-pdf-'));
    const pdfPath = join(dir, 'sop.pdf');
    writeFileSync(pdfPath, Buffer.from(await response.arrayBuffer()));
    // Line breaks depend on the page width, so text is compared with whitespace collapsed.
    const text = pdfText(pdfPath);
    expect(text).toContain('Northwind Traders');
    expect(text).toContain('Close the <script>alert("x")</script> register');
    expect(text).toContain('{{constructor}}');
    for (const step of ['Count the cash drawer', 'Seal the deposit bag', 'Lock the front door']) expect(text).toContain(step);
    expect(text).toMatch(/Page 1 of \d/);
    // A rendered page, kept for a person to look at; it must not be blank.
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, join(dir, 'page')]);
    const png = readFileSync(join(dir, 'page-1.png'));
    expect(png.length).toBeGreaterThan(5000);
  });

  it('prints every script users type in the fonts the template names, embedded in the PDF', async () => {
    const sop = await seedSop(fixture.user.user.id, 'Crème brûlée: façade inspección Ærøskøbing', {
      steps: [
        { title: 'Überprüfen Sie die Kühlkette', details: 'Température ≤ 4 °C; Ελέγξτε το ψυγείο; Проверьте журнал.' },
        { title: '冷蔵庫の温度を確認する', details: '检查冷库温度。 냉장고 온도를 확인하세요.' },
      ],
    });
    const response = await fetchAsUser(`/api/sop/${sop.id}/export/pdf`, fixture.user.token);
    expect(response.status).toBe(200);
    const pdfPath = join(mkdtempSync(join(tmpdir(), 'export-fonts-')), 'sop.pdf');
    writeFileSync(pdfPath, Buffer.from(await response.arrayBuffer()));
    const text = pdfText(pdfPath);
    for (const typed of ['Crème brûlée: façade inspección Ærøskøbing', 'Überprüfen Sie die Kühlkette', 'Ελέγξτε το ψυγείο', 'Проверьте журнал', '冷蔵庫の温度を確認する', '检查冷库温度', '냉장고 온도를 확인하세요']) {
      expect(text).toContain(typed);
    }
    // `pdffonts` lists each embedded font as SUBSET+Name: Latin, Greek and Cyrillic come
    // from Liberation Sans, the CJK text from WenQuanYi Micro Hei, and no other font is
    // embedded. Unnamed Type 3 fonts are Chromium's emboldened outlines of the bold CJK
    // step title (WenQuanYi has no bold face), so they appear only with CJK titles.
    const fonts = execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
    const named = fonts.filter((font) => font !== '[none]');
    expect(new Set(named.map((font) => font.replace(/-(Bold|Regular|Italic)$/, '')))).toEqual(new Set(['LiberationSans', 'WenQuanYiMicroHei']));
    const fixturePdf = join(mkdtempSync(join(tmpdir(), 'export-latin-')), 'sop.pdf');
    writeFileSync(fixturePdf, Buffer.from(await (await exportOf('pdf')).arrayBuffer()));
    expect(execFileSync('pdffonts', [fixturePdf], { encoding: 'utf8' })).not.toContain('Type 3');
  });

  it('builds a DOCX with headings, a numbered list, the images and the brand in the header', async () => {
    const response = await exportOf('docx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.docx"/);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const documentXml = await zip.file('word/document.xml')!.async('string');
    for (const step of ['Count the cash drawer', 'Seal the deposit bag', 'Lock the front door']) expect(documentXml).toContain(step);
    expect(documentXml).toContain('&lt;script&gt;');
    expect(documentXml).toContain('w:numId');
    expect(documentXml).toMatch(/w:pStyle w:val="Heading2"/);
    expect(Object.keys(zip.files).filter((name) => name.startsWith('word/media/'))).toHaveLength(2);
    const headers = await Promise.all(Object.keys(zip.files).filter((n) => /^word\/header\d*\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')));
    expect(headers.join('')).toContain('Northwind Traders');
  });

  it("answers another user's export, a missing SOP and a wrong format clearly", async () => {
    const other = await registerUser();
    for (const format of ['pdf', 'docx', 'markdown', 'html']) expect((await exportOf(format, other.token)).status).toBe(404);
    expect((await exportOf('exe')).status).toBe(400);
    expect((await fetchAsUser(`/api/sop/${fixture.sop.id}/export/pdf`)).status).toBe(401);
    const byCookie = await fetch(`${process.env.SOPWRIGHT_TEST_URL}/api/sop/${fixture.sop.id}/export/html`, {
      headers: { cookie: `sopwright_session=${fixture.user.token}` },
    });
    expect(byCookie.status).toBe(200);
  });
});
