import { structureText } from './structure-text';
import { stepsOf, titles, type Case } from './testing/pattern-cases';

// Issue 12, fifteenth pass: what an aside in parentheses lists, a statement above a list whose
// subject could be a verb, and the topic a "how to … it" heading names. Each row: the pattern,
// a description with it, the step titles it gives.

const cases: Case[] = [
  [
    'a thing whose aside lists its kinds (any words, any length) goes where the arrow says',
    '- Sort them first:\n    - Needles (insulin, IV) → YELLOW-lidded bin\n    - Glass ampoules (saline, lidocaine, heparin, adrenaline) → ORANGE bin\n    - Cytotoxic sharps → purple bin\n- Close the lid at the fill line.',
    ['Sort them first', 'Put needles (insulin, IV) in YELLOW-lidded bin', 'Put glass ampoules (saline, lidocaine, heparin, adrenaline) in ORANGE bin', 'Put cytotoxic sharps in purple bin', 'Close the lid at the fill line'],
  ],
  [
    'above a list, a sentence whose first word could be a verb but is the subject of the next says how things are',
    'Sharps – how to get rid of them (ward 4)\n\nRead this before your first shift. Stock goes missing here more than anywhere else.\n\n- Sort them first:\n    - Needles (insulin, IV) → YELLOW-lidded bin\n    - Glass ampoules (saline, lidocaine, heparin, adrenaline) → ORANGE bin\n    - Cytotoxic sharps → purple bin, never the yellow one\n- Close the lid at the fill line.',
    ['Sort them first', 'Put needles (insulin, IV) in YELLOW-lidded bin', 'Put glass ampoules (saline, lidocaine, heparin, adrenaline) in ORANGE bin', 'Put cytotoxic sharps in purple bin', 'Close the lid at the fill line'],
  ],
];

describe('asides, statements and topics', () => {
  it.each(cases)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });

  it('keeps the statement above the list in the context', () => {
    expect(structureText(cases[1]![1]).context).toContain('Stock goes missing here more than anywhere else.');
  });

  it('reads "it" in a "how to" heading as the thing named before it', () => {
    const text = 'Cytotoxic sharps – how to get rid of them (Ward 4 Renal Unit)\n\nRead this before your first shift.\n\n- Sort them first:\n    - Needles → YELLOW-lidded bin\n- Close the lid at the fill line.';
    expect(structureText(text).title).toBe('Get rid of cytotoxic sharps (Ward 4 Renal Unit)');
  });
});

describe('a thing announced in talk', () => {
  it.each<Case>([
    [
      'a thing announced on its own once steps are under way is what "it" means after it',
      'right so first you sweep the floor and get the old tiles up. okay so grout. you mix it in the bucket till it\'s like peanut butter, then you push it into the gaps with the float',
      ['Sweep the floor', 'Get the old tiles up', "Mix the grout in the bucket till it's like peanut butter", 'Push the grout into the gaps with the float'],
    ],
    [
      'so is a thing said after "then" in unpunctuated talk',
      'you hose the kennel down floor and walls then disinfectant it\'s the blue one in the cupboard spray it on leave it ten minutes and then rinse it off',
      ['Hose the kennel down floor and walls', 'Spray the disinfectant on, leave it ten minutes', 'Rinse the disinfectant off'],
    ],
  ])('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });

  it('is not the work named before the first step, nor a verb alone asking for attention', () => {
    const said = titles('okay so screen repair. first you get the customer to sign the form. you\'ll be doing this a lot so watch. then you power it off and you open it with the suction cup');
    expect(said.join(' ')).not.toMatch(/the (?:screen repair|watch)\b/);
    expect(said).toContain('Get the customer to sign the form');
  });
});

describe('a short unmarked line between the items of a list', () => {
  it('heads the items after it, not the item above it', () => {
    const steps = structureText('Gallery hang\n- Patch and paint the walls.\n- Lay out the works against the walls.\nOpening day\n- Switch on the track lights.\n- Put out the price list at the desk.').steps;
    expect(steps.map((step) => step.title)).toEqual(['Patch and paint the walls', 'Lay out the works against the walls', 'Switch on the track lights', 'Put out the price list at the desk']);
    expect(steps[1]!.details).toBe('');
    expect(steps[2]!.details).toBe('Opening day:');
  });
});

describe('a thing and how it is left, joined by "and" to an instruction', () => {
  it.each<Case>([
    ['in a list item, is one step with it', '- Porch lights on by 6:00 and check every bulb works.\n- Unlock the hall.', ['Turn porch lights on by 6:00 and check every bulb works', 'Unlock the hall']],
    ['in talk, is a step of its own', 'so first you sweep the hall. porch lights on by six and check every bulb works, then unlock the doors', ['Sweep the hall', 'Turn porch lights on by six', 'Check every bulb works', 'Unlock the doors']],
    ['but a verb and its particle said alone are no thing left so ("step out" is no "Remove step")', 'you hold the sign up and step out and you stay in the middle', ['Hold the sign up', 'Stay in the middle']],
  ])('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});

describe('what a statement says, kept as one sentence', () => {
  it('finishes the statement with the case or the time said after it', () => {
    expect(stepsOf('put the probe in the thickest tray. it has to be under 5 degrees within 90 minutes and the chiller beeps when it gets there.')).toEqual([
      { title: 'Put the probe in the thickest tray', details: 'It has to be under 5 degrees within 90 minutes and the chiller beeps when it gets there.' },
    ]);
    expect(stepsOf('Pour the resin into the mould; the resin sets hard if the room is warm.')).toEqual([{ title: 'Pour the resin into the mould', details: 'The resin sets hard if the room is warm.' }]);
  });

  it('keeps "otherwise" closing a sentence where it was said', () => {
    expect(stepsOf('1. Mark heights: hooks at 1600 mm unless the plan says otherwise.\n2. Drill the holes.')).toEqual([
      { title: 'Mark heights: hooks at 1600 mm unless the plan says otherwise', details: '' },
      { title: 'Drill the holes', details: '' },
    ]);
  });
});

describe('a state after a verb of staying or becoming', () => {
  it('finishes that verb ("stays shut" is no "Shut")', () => {
    expect(stepsOf('Set the oven to 180. Before that the door stays shut.')).toEqual([{ title: 'Set the oven to 180', details: 'Before that the door stays shut.' }]);
  });
});

describe('asking to be heard', () => {
  it('("right listen,", "look,") opening what is said is no step', () => {
    expect(titles('right listen, anything we bake needs to cool first. you dust it with icing sugar')).toEqual(['Dust it with icing sugar']);
    expect(titles('look, the fuse has gone again. change the fuse, then reset the trip')).toEqual(['Change the fuse', 'Reset the trip']);
  });

  it('but "listen" or "look" that instructs stays', () => {
    expect(titles('listen for the click, then look at the gauge')).toEqual(['Listen for the click', 'Look at the gauge']);
  });
});

describe('a second object after "and"', () => {
  it.each<Case>([
    ['a noun that could be a verb, then where, is the first verb\'s second object', 'weigh the parcel and write the weight and size on the label, then bag it', ['Weigh the parcel', 'Write the weight and size on the label', 'Bag it']],
    ['after an abbreviation too', 'probe the tray. write the end temp and time on the log', ['Probe the tray', 'Write the end temp and time on the log']],
    ['a verb procedures use stays a step', 'check the tyres and sign on the sheet', ['Check the tyres', 'Sign on the sheet']],
  ])('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});

describe('what someone finds, said to go somewhere', () => {
  it.each<Case>([
    ['is put there', 'check every locker. anything you find goes in a bag with the locker number on it.', ['Check every locker', 'Put anything you find in a bag with the locker number on it']],
    ['what the speaker finds, the reader finds', 'i check under the seats and anything i find goes in the lost property box', ['Check under the seats', 'Put anything you find in the lost property box']],
    ['but what it is stays a remark', 'check every locker. anything you find is the owner\'s.', ['Check every locker']],
  ])('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});
