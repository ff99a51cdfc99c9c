import { titles, type Case } from './testing/pattern-cases';
import { structureText } from './structure-text';

// Issue 12, sixth pass: patterns a blind batch (s21) showed, mostly notes as people jot them
// (bare numbers, numbered lines among bullets, lists after a label), where the naive line split
// beat the structurer. Each row: the pattern, a description with it, the step titles it gives.

const notes: Case[] = [
  [
    'lines numbered with a bare number from 1 are numbered lines',
    'PAT - office kit\n1 visual first: cable, plug, casing\n2 open plug -> check fuse\n3 earth bond test\n- log every item',
    ['Visual first: cable, plug, casing', 'Open plug', 'Check fuse', 'Test earth bond', 'Log every item'],
  ],
  [
    'numbered lines after a bullet at the same margin are steps, not its sub-items',
    'GRITTING\n- load salt from barn\n- route card in cab\n1. check spinner works\n2. max 30mph while spreading\n3. radio base at each route end',
    ['Load salt from barn', 'Put route card in cab', 'Check spinner works', 'Max 30mph while spreading', 'Radio base at each route end'],
  ],
  [
    'an unmarked line after a bullet is a note of its own',
    'BAIT ROUND\n- open each box, check bait\n- relock every box\nafter round: enter all on tablet, sign site log',
    ['Open each box, check bait', 'Relock every box', 'Enter all on tablet', 'Sign site log'],
  ],
  [
    'a list of things after a colon stays whole, whatever the tagger makes of its words',
    'pre-trip\nkit: tester, labels, spare fuses, log sheet\nwalkround lorry: lights, beacons, spinner, tyres\nload salt',
    ['Kit: tester, labels, spare fuses, log sheet', 'Walkround lorry: lights, beacons, spinner, tyres', 'Load salt'],
  ],
  ['a key cabinet is spelt out, a vehicle cab left alone', 'yard notes\nkeys back in key cab\nstay in cab', ['Put keys back in key cabinet', 'Stay in cab']],
  ['no dash is left at the end of a title', 'GRIT\nload salt\nroute card in cab –\nradio base', ['Load salt', 'Put route card in cab', 'Radio base']],
  ['"no exceptions" is no step of its own', 'float check\ncount float before open; no exceptions\nbag coins', ['Count float before open', 'Bag coins']],
  ['"first aid kit" is no sequence word', 'van check\ncheck first aid kit and fire ext\nfill tank', ['Check first aid kit and fire ext', 'Fill tank']],
  [
    'a note that opens with its verb before "to" is sent nowhere; a thing sent, or sent back, is',
    'tail-lift\n- stand to side\n- size new tip to heel\n- final numbers to catering\n- deposit back to organiser',
    ['Stand to side', 'Size new tip to heel', 'Send final numbers to catering', 'Send deposit back to organiser'],
  ],
  ['a leading "NB" only marks the line, and "u" is "you"', 'clamp\n- NB never on clamp alone\n- only mix what u can use\n- bird net over top', ['Never on clamp alone', 'Only mix what you can use', 'Bird net over top']],
  [
    'a thing and where it goes after an arrow, neither said as an instruction, is one step as jotted',
    'tins\n- break seal, tip onto tray\n- foreign coins / buttons -> separate bag, not in total\n- any defect -> red tag\n- bank within 2 days',
    ['Break seal, tip onto tray', 'Foreign coins / buttons → separate bag, not in total', 'Any defect → red tag', 'Bank within 2 days'],
  ],
  [
    'an instruction, an arrow and what it leads to, with no instruction of its own, is one step as jotted',
    'Kiln unload\n- check temp on controller\n- wipe shelves -> kiln wash if flaking\n- log firing in book',
    ['Check temperature on controller', 'Wipe shelves → kiln wash if flaking', 'Log firing in book'],
  ],
  [
    'a short "no …" or "not …" after a step, with no verb, stays in its title; "no X on Y" puts nothing anywhere',
    'Darkroom close\n- lights on\n- fixer into silver tank, not the sink\n- dry prints on the rack, no clips on the image',
    ['Turn lights on', 'Put fixer into silver tank, not the sink', 'Put dry prints on the rack, no clips on the image'],
  ],
  [
    'what an instruction lists after its colon stays in its title',
    'Dog intake\n- log on sheet: date, kennel no., your initials\n- bowl on shelf',
    ['Log on sheet: date, kennel no., your initials', 'Put bowl on shelf'],
  ],
  ['an arrow inside a word pair ("top->bottom", "L->R") says "to"', 'Shelving\n- undo screws L->R\n- lift the board out', ['Undo screws L to R', 'Lift the board out']],
  ['something that happens before an arrow is when the step after it is done', 'Front desk\n- lights on\n- customer arrives -> check booking\n- alarm sounds -> evacuate via stairs', ['Turn lights on', 'Check booking if customer arrives', 'Evacuate via stairs if alarm sounds']],
  ['a short bulleted line jotted as several things to do is one step as jotted; a long one is several', 'phone setup\n- 6-digit passcode, Face ID on\n- power on, join the CORP-SETUP wifi, then sign in with the work email and accept the profile', ['6-digit passcode, Face ID on', 'Power on and join the CORP-SETUP wifi', 'Sign in with the work email', 'Accept the profile']],
  ['sign-offs and form blanks are no steps', "room reset\n- lights off\n- door locked\nDuty supervisor: ____\nthat's it, thanks!", ['Turn lights off', 'Lock door']],
];

const runbooks: Case[] = [
  ['a verb before a question word is the instruction', '1. Answer the intercom.\n2. Ask how many people are inside.\n3. Call the contractor.', ['Answer the intercom', 'Ask how many people are inside', 'Call the contractor']],
  [
    'a sub-item jotted as a note that says where a thing goes is a step',
    '1) Walk the fly floor\n   - clear anything off the rail\n   - torch on the hook by the rail\n2) Sign the sheet.',
    ['Walk the fly floor', 'Clear anything off the rail', 'Put torch on the hook by the rail', 'Sign the sheet'],
  ],
  [
    'a last noun after "and" stays with its object, and words in quotes stay whole',
    '1. Get the make and model.\n2. Radio "Code Adam stand down".\n3. Fill in the report.',
    ['Get the make and model', 'Radio "Code Adam stand down"', 'Fill in the report'],
  ],
];

const prose: Case[] = [
  ['no instruction starts at the noun after an article and an ordinal', 'Before leaving for the first visit of the shift, you should log in to the app and confirm your rota.', ['Log in to the app', 'Confirm your rota']],
  ['a verb before a label in quotes is the instruction', "On arrival at each client's home, tap 'Arrive'; on leaving, tap 'Depart'.", ["Tap 'Arrive'", "Tap 'Depart'"]],
  [
    'a passive whose plural subject the tagger took for a verb, or with "just" before its participle, is read',
    'Check the date on each item. Full crates are stacked on the racking. Smaller ones are just counted by crate.',
    ['Check the date on each item', 'Stack full crates on the racking', 'Count smaller ones by crate'],
  ],
  ['a prohibition with a subject of its own is a step', 'The letter should be sent from the template, and the fees section must not be edited without approval.', ['Send the letter from the template', 'Do not edit the fees section without approval']],
  ['a thing that goes at the back of somewhere is put there, a bus at 5pm is not', 'Check the room. Coats and bags go at the back of the hall. The bus goes at 5pm.', ['Check the room', 'Put coats and bags at the back of the hall']],
  [
    '"try to" before a verb after a trigger is that verb',
    'Fit the padlock. Once locked, try to start the machine with the start button, then return the control to off.',
    ['Fit the padlock', 'Start the machine with the start button', 'Return the control to off'],
  ],
  ['a participle that doubles its last consonant ("refitted") is read as done', 'When work is complete, all tools are removed, guards are refitted and everyone is confirmed clear.', ['Remove all tools, refit guards', 'Confirm everyone clear']],
  ['"everyone" described by what they are doing is the subject of the verb after it', 'Stop the machine. Everyone working on the machine fits their own padlock to the isolation point.', ['Stop the machine', 'Fit their own padlock to the isolation point']],
];

const speech: Case[] = [
  [
    'a thing and where it goes after "then" is a step as said, and no "let" is passed on to it',
    'spray the tacky spray and let it dry then heel and lace pads on the front of the ankle then close it up with strips',
    ['Spray the tacky spray', 'Let the tacky spray dry', 'Heel and lace pads on the front of the ankle', 'Close it up with strips'],
  ],
  [
    'things named with no verb after "then" are a step as said',
    "then you plan your escape routes so you're not tripping over a hose then PPE chaps helmet visor gloves then you cut your gob",
    ['Plan your escape routes', 'PPE chaps helmet visor gloves', 'Cut your gob'],
  ],
  ['"if you\'re not sure" ends its condition', "check the edges, if you're not sure you put it under the UV torch, then hand it back", ['Check the edges', "Put it under the UV torch if you're not sure", 'Hand it back']],
  ['"make sure you" goes on to its verb', 'make sure you lock the door', ['Lock the door']],
  ['"before anything" opens the first instruction', 'so for a small fell um before anything you walk round the tree and look up then you pick your drop zone', ['Walk round the tree and look up', 'Pick your drop zone']],
  ['"before anything else" closes an instruction it follows', "first you turn on the hood fans before anything else that's a safety thing then light the flat top", ['Turn on the hood fans', 'Light the flat top']],
  ['"it gets replaced" is replacing it', 'look at the foam, it gets replaced.', ['Look at the foam and replace it']],
  ['"work out to the corners" is a verb with its particle', 'staple the front then work out to the corners, keep it even.', ['Staple the front', 'Work out to the corners, keep it even']],
];

describe.each([
  ['notes', notes],
  ['runbooks', runbooks],
  ['written procedures', prose],
  ['speech', speech],
])('%s', (_kind, cases) => {
  it.each(cases)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});

describe('what is no step, or a step among others', () => {
  it('does not take a count at the start of a line for numbering', () => {
    expect(titles('picking notes\n2 pickers per row\nfull lugs to end of row\n10 samples across rows')).toContain('2 pickers per row');
  });

  it('keeps one dash where a note goes on after it', () => {
    expect(titles('GRIT\n- load salt\n- route card in cab – Priority 1 routes first\n- radio base')).toContain('Put route card in cab – Priority 1 routes first');
  });

  it('makes no step of a time, or of something someone does, after "then"', () => {
    expect(titles('you set up the desk the day before and then the day before they start you email them the login')).not.toContain('The day before they start');
  });

  it('sequences a note said after "then" opening a sentence ("then mats out.")', () => {
    expect(titles('you check every pocket yourself, door bins, glovebox. then mats out. then the seats get the brush.')).toContain('Remove mats');
  });

  it('makes no step of what someone else says to do, or of "then continue"', () => {
    expect(titles("if it's crumbly it gets replaced, even if the customer says leave it. cut new foam to size.")).not.toContain('Leave it');
    expect(titles('1. If anyone is hurt: call 999 first, then continue.\n2. Call the contractor.')).not.toContain('Continue');
  });

  it('keeps a label over a note that says no instruction as the step as jotted, and a tip as a remark', () => {
    const sop = structureText('vineyard pick day\nbrix first: 10 samples across rows, refractometer\nhand out snips\ntip: the snips rust if left wet');
    expect(sop.steps.map((step) => step.title)).toEqual(['Brix first: 10 samples across rows, refractometer', 'Hand out snips']);
    expect(sop.steps[1]!.details).toContain('Tip: the snips rust if left wet');
  });
});

describe('the name of a procedure', () => {
  it('is the first line over a preamble and a list', () => {
    const sop = structureText('Lift entrapment – concierge desk\nApplies to lifts A and B.\n\n1. Answer the intercom.\n2. Call the lift contractor.');
    expect(sop.title).toBe('Lift entrapment – concierge desk');
    expect(sop.context).toBe('Applies to lifts A and B.');
  });

  it('is the first line of notes above a numbered list, and a label with its list below it is a note', () => {
    expect(structureText('PAT – office kit, annual\nkit: tester, labels, log sheet\n1. visual check first\n2. open plug').title).toBe('PAT – office kit, annual');
  });

  it('is the first line of notes that names them', () => {
    expect(structureText('Watering – covered area, summer rota\nbeds 1-6: one can each\nherbs last').title).toBe('Watering – covered area, summer rota');
  });
});

// Tenth pass: verbs of handling things ("lift", "lower", "wipe", "fold") open a jotted step before a bare noun.
describe('a verb of handling before a bare noun', () => {
  it('is an instruction, not a label', () => {
    expect(titles('bottle bank round\nstart at depot\neach site: cones out, lift bank w/ crane, empty over hopper')).toContain('Lift bank with crane');
    expect(titles('blade change\n- power off, isolate\n- lower blade to bottom with handwheel')).toContain('Lower blade to bottom with handwheel');
  });
});

describe('a path of names in notes', () => {
  it('is one step, as jotted', () => {
    expect(titles('rollout notes\n- pre: check dashboards green\n- LaunchDarkly → checkout_v2 → prod env\n- sites in order: Co-op car park → leisure centre → Station Rd\n- ok → 25% → wait 1 hr → 50%')).toEqual([
      'Pre: check dashboards green',
      'LaunchDarkly → checkout_v2 → prod env',
      'Sites in order: Co-op car park → leisure centre → Station Rd',
      '25%: wait 1 hour → 50%',
    ]);
  });
});

// Fourteenth pass: a number and its metric unit are written apart in a title, as style guides write them.
describe('numbers and units', () => {
  it('writes "50g" as "50 g" and "2.5ml" as "2.5 ml", leaving codes and times alone', () => {
    expect(titles('starter feed\ndiscard all but 50g\nadd 2.5ml salt to bay 12B at 8am')).toEqual(['Discard all but 50 g', 'Add 2.5 ml salt to bay 12B at 8am']);
  });
});

describe('the first line of notes', () => {
  it('names the notes when it names the work with its "-ing" word, even with an object ("opening the pool - lifeguard")', () => {
    const sop = structureText('opening the pool - lifeguard\ncheck chlorine + pH, log on sheet\nrescue tube + whistle at chair');
    expect(sop.title).toBe('Opening the pool - lifeguard');
    expect(sop.steps.map((step) => step.title)).toEqual(['Check chlorine and pH', 'Log on sheet', 'Rescue tube and whistle at chair']);
    // ("making sure…" instructs: it is no name.)
    expect(titles('making sure the gate is locked\nsign the log')).toEqual(['Make sure the gate is locked', 'Sign the log']);
  });
});
