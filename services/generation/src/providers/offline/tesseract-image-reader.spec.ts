import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TesseractImageReader } from './tesseract-image-reader';

let dir: string;
let screenshot: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ocr-spec-'));
  writeFileSync(join(dir, 'text.txt'), 'Step 2: Enter your new email');
  screenshot = join(dir, 'shot.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1818a0:s=800x200', '-vf',
    `drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:textfile=${join(dir, 'text.txt')}:fontsize=34:fontcolor=white:x=30:y=80`, '-frames:v', '1', screenshot]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TesseractImageReader', () => {
  it('reads a screenshot with the Debian tesseract CLI', async () => {
    expect((await new TesseractImageReader().read(screenshot)).text).toContain('Step 2: Enter your new email');
  }, 30_000);

  it('falls back to tesseract.js with the bundled English model when the binary is absent', async () => {
    const reader = new TesseractImageReader('/nonexistent/tesseract');
    try {
      expect((await reader.read(screenshot)).text).toMatch(/Enter your new email/);
    } finally {
      await reader.close();
    }
  }, 60_000);
});
