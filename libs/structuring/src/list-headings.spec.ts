import { capitalise, uncapitalise } from './clauses/instruction';
import { stepsOf, titles, type Case } from './testing/pattern-cases';
import { structureText } from './structure-text';

// Issue 12, seventh pass: how people head and fill the items of a list (a short name with no
// colon, a verb over the things it is done to, more instructions after the first, a preamble's). Each row: the pattern, a description with it, the step titles it gives.

const headings: Case[] = [
  [
    'a short name with no colon over instructions heads them and is no step',
    '1. Boots\n   - Measure the foot on the gauge\n   - Too loose? Go down half a size.\n2. Bindings\n   a) Look up the setting on the chart\n   b) Set toe and heel pieces\n3. Put the tag on the skis.',
    ['Measure the foot on the gauge', 'Go down half a size', 'Look up the setting on the chart', 'Set toe and heel pieces', 'Put the tag on the skis'],
  ],
  [
    'a short name over one paragraph of instructions heads it',
    '1. Pull the volume from the trolley.\n2. Condition check\n   Look for loose pages. Put a yellow flag in.\n3. Put on gloves.',
    ['Pull the volume from the trolley', 'Look for loose pages', 'Put a yellow flag in', 'Put on gloves'],
  ],
  [
    'a verb and a word over things said how or where is done to each thing',
    '1. Fix hangers\n   a) Security mirror plates for anything on loan\n   b) D-rings on split battens for our own collection\n2. Hang and level each work.',
    ['Fix security mirror plates for anything on loan', 'Fix D-rings on split battens for our own collection', 'Hang and level each work'],
  ],
];

const sentences: Case[] = [
  [
    'a later sentence of an item that instructs or forbids is a step of its own',
    '1. Cure on the racks for 4 weeks. Log the batch.\n2. Empty the bath into the slurry store. Do NOT turn them onto wet pasture.\n3. Seat drivers one at a time. If feet do not reach the pedals, fit a seat insert.',
    ['Cure on the racks for 4 weeks', 'Log the batch', 'Empty the bath into the slurry store', 'Do not turn them onto wet pasture', 'Seat drivers one at a time', 'Fit a seat insert if feet do not reach the pedals'],
  ],
  [
    'what a preamble tells the reader to do is done first; what it says about the list is context',
    'Footbathing sheep\nWear gloves and goggles when mixing. Keep dogs out of the race. Complete this checklist every time. Do these in order.\n\n1. Fill the bath to the mark.\n2. Mix the zinc sulphate. Don\'t routinely trim feet.',
    ['Wear gloves and goggles', 'Keep dogs out of the race', 'Fill the bath to the mark', 'Mix the zinc sulphate', 'Do not routinely trim feet'],
  ],
  [
    'a preamble: kit listed is kit to wear, "No X in Y" is a rule, an instruction after a dash is a step; "min." before a capital ends a sentence',
    'Glazing kiln\nSafety first: goggles, heat gloves, long sleeves. No children or pets in the studio. Glaze dust irritates the eyes – rinse with water for 10 min. Open the vents first.\n\n1. Load the shelves.\n2. Log the firing incl. cone numbers.',
    ['Wear goggles, heat gloves, long sleeves', 'No children or pets in the studio', 'Rinse with water for 10 min', 'Open the vents first', 'Load the shelves', 'Log the firing incl. cone numbers'],
  ],
  [
    'a later sentence opening with a verb the tagger took for a noun is a step; a lone verb finishes the title; "counterstain" is a verb',
    '1. Flood with crystal violet for 1 minute. Rinse gently with water.\n2. Counterstain with safranin for 1 minute. Rinse.\n3. Blot dry.\n4. Discard slides in the slide bin and wipe the bench.',
    ['Flood with crystal violet for 1 minute', 'Rinse gently with water', 'Counterstain with safranin for 1 minute and rinse', 'Blot dry', 'Discard slides in the slide bin', 'Wipe the bench'],
  ],
  [
    'a warning after the list that forbids is a step',
    '1. Release karts at intervals.\n2. Log laps on the sheet.\n\nWARNING: never step onto the track.',
    ['Release karts at intervals', 'Log laps on the sheet', 'Never step onto the track'],
  ],
  [
    'under a branch each short sub-item is a step as jotted',
    '1. If a kart spins and stalls:\n   a) Yellow flag at the nearest post.\n   b) Driver stays in the kart with a hand up.\n   c) Restart only when the section is clear.\n2. Log laps.',
    ['Yellow flag at the nearest post if a kart spins and stalls', 'Driver stays in the kart with a hand up', 'Restart only when the section is clear', 'Log laps'],
  ],
  [
    'under an instruction each part said how it must be is a step as jotted; a label and value, and what an inspection looks for, are details',
    '1. Build the tower on firm ground.\n   a) castors locked and braked\n   b) outriggers fitted at all four corners\n   c) Height: 4 m max\n2. Inspect the platform.\n   - no gaps between boards\n   - toe boards fitted\n3. Sign the tag.',
    ['Build the tower on firm ground', 'Castors locked and braked', 'Fit outriggers at all four corners', 'Inspect the platform', 'Sign the tag'],
  ],
  [
    'among sub-items that explain, a prohibition or what to do in a case is a step of its own',
    '1. Verify:\n   a) Uplinks up, panel reachable from the office.\n   b) Fans running at the back.\n   c) If anything stays red: roll back to the old card.\n2. Reconnect:\n   - Trunks first (ports 1–4)\n   - Then access ports, matching the labels\n   - DO NOT swap the trunk ports.',
    ['Verify uplinks up, panel reachable from the office', 'Verify fans running at the back', 'Roll back to the old card if anything stays red', 'Reconnect trunks first', 'Reconnect access ports, matching the labels', 'Do not swap the trunk ports'],
  ],
  [
    'under a branch a code legend is no step',
    '1. If the parcel is not delivered:\n   a) Leave a card.\n   b) `NH` – not home\n   c) `DM` – damaged\n2. Return to depot.',
    ['Leave a card if the parcel is not delivered', 'Return to depot'],
  ],
  [
    'a later sentence that is a condition over several instructions, or a role and what they do, is a step',
    '1. Check for detection heads in the area. If there are any, ask the site manager to isolate that zone and note the zone number.\n2. Bring the karts in. Drivers stay seated until the engine is off.',
    ['Check for detection heads in the area', 'Ask the site manager to isolate that zone if there are any', 'Note the zone number if there are any', 'Bring the karts in', 'Stay seated until the engine is off'],
  ],
  [
    'a warning of several sentences gives each instruction; "ask" before a bare noun is a verb; "clear of" describes',
    '1. Consultation: ask client to remove contact lenses.\n2. Rig the ladder on the lee side, clear of any discharges.\n\nWARNING: Never let solutions touch the skin. If the client reports stinging, stop and flush with eyewash.',
    ['Consultation: ask client to remove contact lenses', 'Rig the ladder on the lee side, clear of any discharges', 'Never let solutions touch the skin', 'Stop and flush with eyewash if the client reports stinging'],
  ],
  [
    '"Mark" opening an item is the verb, not a name; "500 mm" keeps its unit, as "record mm"; "stop and tell" after a condition is its instruction',
    '1. Mark eyelet positions: one in each corner, then every 500 mm.\n2. Check for ink scratches. If there are any, stop and tell the print operator.\n3. Measure the slump. Record mm on the sheet.',
    ['Mark eyelet positions: one in each corner, then every 500 mm', 'Check for ink scratches', 'Stop and tell the print operator if there are any', 'Measure the slump', 'Record mm on the sheet'],
  ],
];

describe('list headings', () => {
  it.each(sentences)('%s', (_pattern, text, expected) => expect(titles(text)).toEqual(expected));

  it.each(headings)('%s', (_pattern, text, expected) => expect(titles(text)).toEqual(expected));

  it('keeps a name that is not a heading (no sub-items) as its step', () => {
    expect(titles('1. Boots\n2. Bindings\n3. Put the tag on the skis.')).toEqual(['Boots', 'Bindings', 'Put the tag on the skis']);
  });
});

describe('capitals', () => {
  it.each([
    ['D-rings on battens', 'D-rings on battens'],
    ['PPE on', 'PPE on'],
    ['Mirror plates', 'mirror plates'],
    ['A shelf', 'a shelf'],
  ])('"%s" goes on after other words as "%s"', (text, expected) => expect(uncapitalise(text)).toBe(expected));

  it.each([
    ['pH outside range', 'pH outside range'],
    ['iPad charged', 'iPad charged'],
    ['check the till', 'Check the till'],
  ])('"%s" opens a sentence as "%s"', (text, expected) => expect(capitalise(text)).toBe(expected));
});

// Tenth pass: a label in the preamble ("Appointment:") stays with what it labels, in the context.
describe('a label in the preamble', () => {
  it('stays in the context with its value, not in the first step', () => {
    const sop = structureText('Lash lift – treatment steps\nAppointment: 60 min. A patch test must be on file.\n\n1. Remove all make-up with cleanser.\n2. Protect lower lashes with eye pads.');
    expect(sop.context).toBe('Appointment: 60 min. A patch test must be on file.');
    expect(sop.steps[0]).toMatchObject({ title: 'Remove all make-up with cleanser', details: '' });
  });
});

describe('a scope label in the preamble', () => {
  it('and what follows it, telling no one to do anything, are context as written', () => {
    const sop = structureText('Emergency Lighting – Monthly Function Test\nApplies to: Block A and Block B. Done on the first Tuesday of the month, before 10am.\n\n1. Tell reception the test is starting.\n2. Collect the fish key.');
    expect(sop.context).toBe('Applies to: Block A and Block B. Done on the first Tuesday of the month, before 10am.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Tell reception the test is starting', 'Collect the fish key']);
  });
});

describe('the preamble as context', () => {
  it('keeps a narrowing condition in its sentence, and an audience said first reads into the next sentence without a stray stop', () => {
    const sop = structureText('Stationery Orders\n\nFor office managers. All orders go through the supplier portal unless stated otherwise.\n\n1. Check the stock cupboard.\n2. Place the order.');
    expect(sop.context).toBe('For office managers, all orders go through the supplier portal unless stated otherwise.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Check the stock cupboard', 'Place the order']);
  });
});

describe('a name in bold over its sub-items', () => {
  it('("1. **Shutdown**", "2. **Last five minutes**") heads them, in the first one\'s details, and is no step', () => {
    expect(stepsOf('1. **Last five minutes**\n   Warn the room. Do not start a new batch after :55.\n2. **Shutdown**\n   a) burners off, gas valve closed\n   b) extraction left running\n3. Lock the door')).toEqual([
      { title: 'Warn the room', details: 'Last five minutes.' },
      { title: 'Do not start a new batch after :55', details: '' },
      { title: 'Burners off, gas valve closed', details: 'Shutdown.' },
      { title: 'Extraction left running', details: '' },
      { title: 'Lock the door', details: '' },
    ]);
  });

  it('stays a step when it instructs ("1. **Fit rails**" over how)', () => {
    expect(titles('1. **Unbox in the staging area**\n   Never take cardboard onto the floor.\n2. **Fit rails**\n   a) Attach the inner rails.\n   b) Mount the outer rails.')[0]).toBe('Unbox in the staging area');
  });
});
