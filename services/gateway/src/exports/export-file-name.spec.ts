import { contentDisposition, safeFileStem } from './export-file-name';

describe('export file names', () => {
  it('keeps readable ASCII and drops what headers and file systems cannot hold', () => {
    expect(safeFileStem('Onboard a new hire: week 1 / HR')).toBe('Onboard-a-new-hire-week-1-HR');
    expect(safeFileStem('Café crème déjà vu')).toBe('Cafe-creme-deja-vu');
    expect(safeFileStem('"; rm -rf / ; \r\nSet-Cookie: x=1')).toBe('rm-rf-Set-Cookie-x-1');
    expect(safeFileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileStem('日本語')).toBe('sop');
    expect(safeFileStem('x'.repeat(300))).toHaveLength(80);
  });

  it('opens PDF, HTML and Markdown in the tab and downloads Word files, keeping the UTF-8 title', () => {
    expect(contentDisposition('Café', 'pdf')).toBe(`inline; filename="Cafe.pdf"; filename*=UTF-8''Caf%C3%A9.pdf`);
    expect(contentDisposition('Plan', 'docx')).toMatch(/^attachment; filename="Plan.docx"/);
    expect(contentDisposition('a"b\r\nc', 'markdown')).not.toMatch(/[\r\n]/);
  });
});
