import { redactionBoxes, type OcrWord } from './ocr-boxes';

/** Words laid out as tesseract would box them: 10 px per character, 12 px gaps, 20 px lines. */
function layout(lines: string[]): OcrWord[] {
  return lines.flatMap((line, row) => {
    let left = 20;
    return line.split(' ').map((text) => {
      const word = { text, left, top: 40 + row * 30, width: text.length * 10, height: 20 };
      left += word.width + 12;
      return word;
    });
  });
}

describe('redactionBoxes', () => {
  it('covers a card number in four groups with one box over the groups and gaps', () => {
    const words = layout(['Card: 4111 1111 1111 1111 exp 12/27']);
    expect(redactionBoxes(words)).toEqual([{ kind: 'card', value: '4111 1111 1111 1111', boxes: [{ left: 82, top: 40, width: 196, height: 20 }] }]);
  });

  it('finds each value on its own line and grows boxes by the padding, clipped at the image edge', () => {
    const words = layout(['Email: ann@example.com', 'Key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv', 'nothing here']);
    // The first line is 1 px from the image's top edge.
    words[0] = { ...words[0]!, top: 1 };
    words[1] = { ...words[1]!, top: 1 };
    const proposals = redactionBoxes(words, 4);
    expect(proposals.map((proposal) => [proposal.kind, proposal.value])).toEqual([
      ['email', 'ann@example.com'],
      ['secret', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv'],
    ]);
    expect(proposals[0]!.boxes).toEqual([{ left: 92 - 4, top: 0, width: 150 + 8, height: 1 + 20 + 4 }]);
    expect(proposals[1]!.boxes).toEqual([{ left: 62 - 4, top: 66, width: 340 + 8, height: 28 }]);
  });

  it('gives a value that wraps onto the next lines one box per line', () => {
    const words = layout(['-----BEGIN PRIVATE KEY-----', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', '-----END PRIVATE KEY-----']);
    const [proposal] = redactionBoxes(words);
    expect(proposal?.kind).toBe('secret');
    expect(proposal?.boxes.map((box) => box.top)).toEqual([40, 70, 100]);
  });

  it("skips rows without text, as tesseract's TSV has", () => {
    const words = layout(['Card 4111 1111 1111 1111']);
    words.splice(2, 0, { text: '', left: 0, top: 0, width: 640, height: 360 }, { text: ' ', left: 130, top: 40, width: 0, height: 20 });
    expect(redactionBoxes(words).map((proposal) => proposal.boxes)).toEqual([[{ left: 72, top: 40, width: 196, height: 20 }]]);
  });

  it('does not join numbers on different lines into one value', () => {
    // "4111 1111" over "1111 1111" is a Luhn-valid card number if the lines were read as one.
    expect(redactionBoxes(layout(['4111 1111', '1111 1111']))).toEqual([]);
  });

  it('proposes nothing for ordinary screen text', () => {
    expect(redactionBoxes(layout(['Settings', 'Billing and invoices', 'Save changes']))).toEqual([]);
  });
});
