import { titles } from '../testing/pattern-cases';

// Issue 12, ninth pass: a line of notes asked as a question names what to check.

describe('a jotted question', () => {
  it('is a check of what it names', () => {
    expect(titles('ward round\n- drip line clear?\n- fridge door sealed?\n- sign obs chart')).toEqual(['Check drip line clear', 'Check fridge door sealed', 'Sign obs chart']);
  });

  it('leaves a question of its own, a case and a step that already checks', () => {
    expect(titles('ward round\n- is the bed alarm on?\n- temp > 38?? → call doctor\n- check the drip?\n- sign obs chart')).not.toContainEqual(expect.stringMatching(/^Check (?:is|temp|check)/i));
  });
});
