import { titles } from '../testing/pattern-cases';

// Issue 12, ninth pass: a job announced ("the first job … is to …") is the instruction, and a word
// the tagger reads as a noun, before a particle and an article, is a verb.

describe('an announced job', () => {
  it('is the instruction after "is to", however the announcement is padded', () => {
    expect(titles('Opening days start early, and the first job for whoever opens up is to sweep the yard. Then check the gate.')).toEqual(['Sweep the yard', 'Check the gate']);
    expect(titles('The first job is to sweep the yard. Then check the gate.')).toEqual(['Sweep the yard', 'Check the gate']);
  });

  it('leaves a purpose that opens a sentence to say why', () => {
    expect(titles('Check the gate. To clean the mill, use the brush.')).toEqual(['Check the gate', 'Use the brush']);
  });
});

describe('a noun before a particle and an article', () => {
  it('is a verb', () => {
    expect(titles('Check the door. Hose down the press with clean water. Bag up the waste.')).toEqual(['Check the door', 'Hose down the press with clean water', 'Bag up the waste']);
  });
});
