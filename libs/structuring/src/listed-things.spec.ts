import { structureText } from './structure-text';

// Issue 12, seventh pass: what a clause lists or is for stays with it, in speech and in lists.
// Each row: the pattern, a description with it, the steps (title and details) it gives.
const stepsOf = (text: string) => structureText(text).steps.map(({ title, details }) => ({ title, details }));

type Case = [pattern: string, text: string, expected: { title: string; details: string }[]];

const cases: Case[] = [
  [
    '"so they don\'t…" after an instruction is what it is for, not a prohibition',
    "then you wipe the plate with oil so they don't rust, and then sign the sheet",
    [
      { title: 'Wipe the plate with oil', details: "So they don't rust." },
      { title: 'Sign the sheet', details: '' },
    ],
  ],
  ['"so don\'t…" with no subject still forbids', "so don't forget to lock it", [{ title: 'Do not forget to lock it', details: '' }]],
  [
    'things named between commas go on with the list, whatever verb the tagger sees in them',
    'then you sign the cleaning sheet on the back door, date, time, your initials, and then you go home',
    [
      { title: 'Sign the cleaning sheet on the back door, date, time, your initials', details: '' },
      { title: 'Go home', details: '' },
    ],
  ],
  [
    'a list of things after a colon stays with the instruction that asks for them',
    '1. Greet them.\n2. Record every refusal in the refusals book: date, time, item, description of the person.\n3. Close the till.',
    [
      { title: 'Greet them', details: '' },
      { title: 'Record every refusal in the refusals book: date, time, item, description of the person', details: '' },
      { title: 'Close the till', details: '' },
    ],
  ],
];

describe('listed things and purposes', () => {
  it.each(cases)('%s', (_pattern, text, expected) => expect(stepsOf(text)).toEqual(expected));
});
