import { parseTesseractTsv } from './ocr-words';

const tsv = [
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
  '1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t',
  '4\t1\t1\t1\t1\t0\t10\t10\t300\t20\t-1\t',
  '5\t1\t1\t1\t1\t1\t10\t10\t60\t20\t96.5\tEmail:',
  '5\t1\t1\t1\t1\t2\t80\t10\t200\t20\t91\tann@example.com',
  '5\t1\t1\t1\t2\t1\t10\t40\t50\t20\t95\tCard',
  '5\t1\t1\t1\t2\t2\t70\t40\t5\t20\t95\t ',
].join('\n');

describe('parseTesseractTsv', () => {
  it('keeps the words with their boxes and confidence, and joins them into lines', () => {
    const reading = parseTesseractTsv(tsv);
    expect(reading.words).toEqual([
      { text: 'Email:', left: 10, top: 10, width: 60, height: 20, confidence: 96.5 },
      { text: 'ann@example.com', left: 80, top: 10, width: 200, height: 20, confidence: 91 },
      { text: 'Card', left: 10, top: 40, width: 50, height: 20, confidence: 95 },
    ]);
    expect(reading.text).toBe('Email: ann@example.com\nCard');
  });

  it('reads nothing from an empty page', () => {
    expect(parseTesseractTsv(tsv.split('\n').slice(0, 3).join('\n'))).toEqual({ text: '', words: [] });
  });
});
