import { titles, type Case } from '../testing/pattern-cases';

// Issue 12, ninth pass: a clause about a thing that says where it goes or how it is kept is an
// instruction to put it there or keep it so.

const cases: Case[] = [
  ['a state before the thing, which the tagger reads as a past tense, is part of the thing', 'Wash the cloths. Torn cloths go in the repair pile. Dry the rest.', ['Wash the cloths', 'Put torn cloths in the repair pile', 'Dry the rest']],
  ['where a thing stays is where it is kept', 'Fit the wristband. The wristband stays on until the end of the day.', ['Fit the wristband', 'Keep the wristband on until the end of the day']],
  ['how it remains is how it is kept; a trigger goes to the details', 'Start the cycle. The lid remains closed while it runs.', ['Start the cycle', 'Keep the lid closed']],
  ['someone who stays is told to stay, not kept', 'Call the parent. The teacher stays with the child until they arrive.', ['Call the parent', 'Stay with the child']],
];

describe('where a thing goes or stays', () => {
  it.each(cases)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});
