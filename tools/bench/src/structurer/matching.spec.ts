import { contentWords, scoreSteps } from './matching';
import { naiveSteps } from './naive-split';

describe('structurer matching rule', () => {
  it('compares content-word stems, with numbers as digits', () => {
    expect([...contentWords('Call the shift manager if it is more than five dollars')].sort()).toEqual(['5', 'cal', 'manager', 'mor', 'shift'].sort());
    expect(contentWords('Closing the registers')).toEqual(contentWords('close the register'));
  });

  it('reads contractions as their words: "don\'t" is "do not", "they\'re" has no content word', () => {
    expect([...contentWords("Don't tell them they're done")]).toEqual(['not', 'tel', 'don']);
    expect(scoreSteps(["Don't lift the lid while it's running"], ['Do not lift the lid while it is running']).matched).toBe(1);
    expect([...contentWords("Check the driver's seat, you'll find it")]).toEqual(['check', 'driver', 'seat', 'find']);
  });

  it('matches each expected step at most once, counts merges as misses and keeps order', () => {
    const score = scoreSteps(
      ['Count the cash drawer', 'Seal the deposit bag', 'Lock the front door'],
      ['Lock the front door', 'Count the cash in the drawer', 'Count the cash drawer again', 'Seal the bag and lock the door and count the float and sign the log'],
    );
    expect(score).toMatchObject({ expected: 3, produced: 4, matched: 2, inOrder: 1 });
    expect(score.pairs).toEqual([1, -1, 0]);
  });

  it('accepts the same verb on the same thing when the qualifier went to the details', () => {
    expect(scoreSteps(['Stop the stopwatch when the last warden reports all clear'], ['Stop the stopwatch']).matched).toBe(1);
    expect(scoreSteps(['Stop the stopwatch when the last warden reports all clear'], ['Start the stopwatch']).matched).toBe(0);
  });

  it('finds the verb after a condition said first', () => {
    expect(scoreSteps(['If the compost is over 30°C, ring the supplier before tipping'], ['Ring the supplier if it is over 30']).matched).toBe(1);
    expect(scoreSteps(['If the compost is over 30°C, ring the supplier before tipping'], ['Email the supplier']).matched).toBe(0);
  });
});

describe('naive baseline', () => {
  it('cuts at list items and sentences, and leaves unpunctuated speech whole', () => {
    expect(naiveSteps('1. Open the till. Count it.\n- Lock up')).toEqual(['Open the till', 'Count it', 'Lock up']);
    expect(naiveSteps('so you open the till then you count it')).toEqual(['so you open the till then you count it']);
  });
});
