import { attachImagesByTime, OfflineStructurer, sentenceSteps, timeSteps } from './offline-structurer';

const words = (text: string, everySec = 0.5) => text.split(' ').map((word, index) => ({ word, startSec: index * everySec, endSec: index * everySec + 0.4 }));

describe('timeSteps', () => {
  it('starts each step where its first words are heard, in order', () => {
    const heard = words('first open the settings menu then click the account tab next enter your new email');
    const steps = timeSteps(
      [
        { title: 'Open the settings menu', details: '' },
        { title: 'Click the account tab', details: '' },
        { title: 'Enter your new email', details: '' },
      ],
      heard,
    );
    expect(steps.map((step) => step.startSec)).toEqual([0.5, 3, 5.5]);
  });
});

describe('attachImagesByTime', () => {
  it('gives each keyframe to the step being narrated when it shows', () => {
    const steps = attachImagesByTime(
      [
        { title: 'A', details: '', startSec: 0 },
        { title: 'B', details: '', startSec: 4 },
      ],
      [
        { index: 0, atSec: 0 },
        { index: 1, atSec: 3.5 },
        { index: 2, atSec: 3.9 },
        { index: 3, atSec: 6 },
      ],
    );
    // A frame just before a step's narration already shows that step (people click, then say it).
    expect(steps.map((step) => step.imageIndexes)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
});

describe('OfflineStructurer', () => {
  const structurer = new OfflineStructurer();

  it('says it is offline', () => {
    expect(structurer).toMatchObject({ name: 'offline', offline: true });
  });

  it('builds steps from numbered slides, the narration while each shows as its details, the shared header as title', async () => {
    const sop = await structurer.structure({
      origin: 'screen-recording',
      title: '',
      text: 'first open the settings menu then click the account tab',
      words: words('first open the settings menu then click the account tab'),
      images: [
        { index: 0, atSec: 0, reading: { text: 'Account settings\nStep 1: Open the settings menu' } },
        { index: 1, atSec: 2.6, reading: { text: 'Account settings\nStep 2: Click the account tab' } },
      ],
    });
    expect(sop).toEqual({
      title: 'Account settings',
      steps: [
        { title: 'Open the settings menu', details: 'First open the settings menu.', startSec: 0, imageIndexes: [0] },
        { title: 'Click the account tab', details: 'Then click the account tab.', startSec: 2.6, imageIndexes: [1] },
      ],
    });
  });

  it('makes one step per photo from what each shows', async () => {
    const sop = await structurer.structure({
      origin: 'photos',
      title: 'Change email',
      text: '',
      words: [],
      images: [
        { index: 0, reading: { text: 'Settings\nClick Account to open your profile' } },
        { index: 1, reading: { text: 'Step 2: Save the form' } },
        { index: 2, reading: { text: '' } },
      ],
    });
    expect(sop.title).toBe('Change email');
    expect(sop.steps.map((step) => [step.title, step.imageIndexes])).toEqual([
      ['Click Account to open your profile', [0]],
      ['Save the form', [1]],
      ['Photo 3', [2]],
    ]);
  });

  it('structures a transcript and times its steps when there are no slides', async () => {
    const said = 'first open the settings menu then click the account tab';
    const sop = await structurer.structure({ origin: 'audio', title: '', text: said, words: words(said), images: [] });
    expect(sop.steps.map((step) => [step.title, step.startSec])).toEqual([
      ['Open the settings menu', 0.5],
      ['Click the account tab', 3],
    ]);
  });
});

describe('OfflineStructurer when the structurer fails on a text', () => {
  it('still drafts one step per sentence, and logs the failure to be fixed', async () => {
    const logged: string[] = [];
    const failing = new OfflineStructurer({ error: (message) => logged.push(message) }, () => {
      throw new TypeError("Cannot read properties of undefined (reading 'norm')");
    });
    const sop = await failing.structure({ origin: 'text', title: 'Closing the bar', text: '1. Bag the tills.\n2. Lock the cellar door. Set the alarm!', words: [], images: [] });
    expect(sop).toEqual({
      title: 'Closing the bar',
      steps: [
        { title: 'Bag the tills', details: '', imageIndexes: [] },
        { title: 'Lock the cellar door', details: '', imageIndexes: [] },
        { title: 'Set the alarm', details: '', imageIndexes: [] },
      ],
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/^offline structurer failed on a 57-character text, drafting one step per sentence: TypeError: Cannot read properties/);
  });

  it('keeps a long sentence\'s first words as its title and the rest as details', () => {
    const sentence = `Walk the whole site ${'and check every fire door on every floor '.repeat(4)}before you leave.`;
    const [step] = sentenceSteps(sentence);
    expect(step!.title.length).toBeLessThanOrEqual(100);
    expect(`${step!.title} ${step!.details}`).toBe(sentence);
  });
});

describe('OfflineStructurer when the structurer fails on a photo\'s text', () => {
  it('names the step by the photo\'s first line, and logs the failure', async () => {
    const logged: string[] = [];
    const failing = new OfflineStructurer({ error: (message) => logged.push(message) }, () => {
      throw new TypeError('cannot read');
    });
    const sop = await failing.structure({ origin: 'photos', title: '', text: '', words: [], images: [{ index: 0, reading: { text: '\nIsolator panel B\n240 V' } }] });
    expect(sop.steps.map((step) => step.title)).toEqual(['Isolator panel B']);
    expect(logged).toEqual([expect.stringMatching(/^offline structurer failed on a photo's 23-character text, using its first line: TypeError: cannot read/)]);
  });
});
