import { titles, type Case } from '../testing/pattern-cases';

// Issue 12, ninth pass: how finely a description is cut. Editors do not tick off a piece of
// one or two words said in the same sentence as a step; the writer's own cuts stay.

const joined: Case[] = [
  ['a piece of two words after a comma joins the step before it', 'check the seal is intact, log it', ['Check the seal is intact and log it']],
  ['after "and just"', 'you open the hatch and just look, then you close it', ['Open the hatch and look', 'Close it']],
  [
    'in a line of notes; a semicolon is the writer\'s own cut',
    'closing\n- tie the bag, label, take it to the cage\n- lights off; lock up',
    ['Tie the bag and label', 'Take it to the cage', 'Turn lights off', 'Lock up'],
  ],
];

// Fourteenth pass: a short action on what the step before it handled ("…and turn it") finishes that step.
const followOns: Case[] = [
  ['a short action on "it" in the same sentence finishes the step before it', 'Put the test key in the panel and turn it. Then call the office.', ['Put the test key in the panel and turn it', 'Call the office']],
  ['on "them", in a list item', '1. Retrieve the test pieces from the reject bin, return them to the cabinet\n2. Restart the line', ['Retrieve the test pieces from the reject bin and return them to the cabinet', 'Restart the line']],
  ['a full stop is the writer\'s own cut', 'Sign the custody sheet. File it in the blue binder.', ['Sign the custody sheet', 'File it in the blue binder']],
  ['a longer action on it is a step of its own', 'Unpack the new printer and carry it carefully up to the second floor office.', ['Unpack the new printer', 'Carry the new printer carefully up to the second floor office']],
  ['never joined forward: the pronoun points back', 'open it up and put a dab on the lid', ['Open it up', 'Put a dab on the lid']],
];

const keptApart: Case[] = [
  ['something said between the two keeps them apart', 'first you take the tray out, it should be cold, wipe down', ['Remove the tray', 'Wipe down']],
  ['an action is never joined after a case, where it would read as part of it', 'if the oil smokes turn it off, tell Sam', ['Turn it off if the oil smokes', 'Tell Sam']],
  ['nor to a step that forbids', 'never touch the blade, wipe it with the cloth. lock up', ['Never touch the blade', 'Wipe it with the cloth', 'Lock up']],
];

describe('a title read from inside an aside', () => {
  it('loses the parenthesis it never opened', () => {
    expect(titles('kit\nfirst aid kit + fire ext. (gauge in green)\nlog it')).toEqual(['First aid kit and fire ext', 'Put gauge in green', 'Log it']);
  });
});

describe('a title that only says what a thing is', () => {
  it('tells the reader about the step before it', () => {
    expect(titles('closing\n- bag the recycling\n- collections are Weds\n- lock the bin store')).toEqual(['Bag the recycling', 'Lock the bin store']);
  });
});

describe('pieces of a step', () => {
  it.each([...joined, ...followOns, ...keptApart])('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});
