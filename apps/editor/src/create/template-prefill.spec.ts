import { buildTemplateNotes, parseTemplateParam } from './template-prefill';

describe('buildTemplateNotes', () => {
  it('numbers the steps, puts each title above its details and separates steps by blank lines', () => {
    const notes = buildTemplateNotes([
      { title: 'Open the ticket', details: 'Use the queue view.' },
      { title: 'Reply to the customer', details: 'Within one business hour.' },
      { title: 'Close it', details: 'Mark it solved.' },
    ]);
    expect(notes).toBe(
      '1. Open the ticket\nUse the queue view.\n\n2. Reply to the customer\nWithin one business hour.\n\n3. Close it\nMark it solved.',
    );
  });

  it('leaves out the details line of a step without details, and is empty without steps', () => {
    expect(buildTemplateNotes([{ title: 'A', details: '' }, { title: 'B', details: 'b' }])).toBe('1. A\n\n2. B\nb');
    expect(buildTemplateNotes([])).toBe('');
  });
});

describe('parseTemplateParam', () => {
  it('reads the title and steps from the decoded query parameter', () => {
    const template = { title: 'Employee Onboarding', steps: [{ title: 'Send the welcome email', details: 'On day -3.' }] };
    const raw = new URLSearchParams(`template=${encodeURIComponent(JSON.stringify(template))}`).get('template');
    expect(parseTemplateParam(raw)).toEqual(template);
  });

  it('keeps special characters intact through URL encoding', () => {
    const template = { title: 'Q&A + 100% review?', steps: [{ title: 'Check #1 = ok', details: 'Line 1\nLine 2 / “quoted”' }] };
    const raw = new URLSearchParams(`template=${encodeURIComponent(JSON.stringify(template))}`).get('template');
    expect(parseTemplateParam(raw)).toEqual(template);
  });

  it('ignores malformed templates', () => {
    for (const raw of [null, '', '{not json', 'null', '42', '"text"', '[]', '{}', '{"title":"  ","steps":"x"}']) {
      expect(parseTemplateParam(raw)).toBeNull();
    }
  });

  it('drops unusable steps and defaults missing details and title', () => {
    expect(parseTemplateParam('{"title":"T","steps":[{"title":"A"},{"details":"no title"},null,{"title":"B","details":7}]}')).toEqual({
      title: 'T',
      steps: [
        { title: 'A', details: '' },
        { title: 'B', details: '' },
      ],
    });
    expect(parseTemplateParam('{"steps":[{"title":"A","details":"a"}]}')).toEqual({ title: '', steps: [{ title: 'A', details: 'a' }] });
  });
});
