import { structureText } from './structure-text';

// Issue 12, sixth pass: patterns a blind batch (s21) showed, mostly notes as people jot them
// (bare numbers, numbered lines among bullets, lists after a label), where the naive line split
// beat the structurer.
const titles = (text: string) => structureText(text).steps.map((step) => step.title);

describe('numbering in notes', () => {
  it('reads lines numbered with a bare number from 1 as numbered lines', () => {
    expect(titles('PAT - office kit\n1 visual first: cable, plug, casing\n2 open plug -> check fuse\n3 earth bond test\n- log every item')).toEqual([
      'Visual first: cable, plug, casing',
      'Open plug',
      'Check fuse',
      'Test earth bond',
      'Log every item',
    ]);
  });

  it('does not take a count at the start of a line for numbering', () => {
    expect(titles('picking notes\n2 pickers per row\nfull lugs to end of row\n10 samples across rows')).toContain('2 pickers per row');
  });

  it('keeps numbered lines after a bullet at the same margin as steps, not its sub-items', () => {
    expect(titles('GRITTING\n- load salt from barn\n- route card in cab\n1. check spinner works\n2. max 30mph while spreading\n3. radio base at each route end')).toEqual([
      'Load salt from barn',
      'Put route card in cab',
      'Check spinner works',
      'Max 30mph while spreading',
      'Radio base at each route end',
    ]);
  });
});

describe('a label over what it is about, in notes', () => {
  it('keeps a list of things after a colon whole, whatever the tagger makes of its words', () => {
    expect(titles('pre-trip\nkit: tester, labels, spare fuses, log sheet\nwalkround lorry: lights, beacons, spinner, tyres\nload salt')).toEqual([
      'Kit: tester, labels, spare fuses, log sheet',
      'Walkround lorry: lights, beacons, spinner, tyres',
      'Load salt',
    ]);
  });

  it('is the step as jotted when what follows says no instruction, but a tip stays a remark', () => {
    const sop = structureText('vineyard pick day\nbrix first: 10 samples across rows, refractometer\nhand out snips\ntip: the snips rust if left wet');
    expect(sop.steps.map((step) => step.title)).toEqual(['Brix first: 10 samples across rows, refractometer', 'Hand out snips']);
    expect(sop.steps[1]!.details).toContain('Tip: the snips rust if left wet');
  });
});

describe('shorthand in notes', () => {
  it('spells out a key cabinet but leaves a vehicle cab alone', () => {
    expect(titles('yard notes\nkeys back in key cab\nstay in cab')).toEqual(['Put keys back in key cabinet', 'Stay in cab']);
  });
});

describe('the name of a procedure', () => {
  it('is the first line over a preamble and a list', () => {
    const sop = structureText('Lift entrapment – concierge desk\nApplies to lifts A and B.\n\n1. Answer the intercom.\n2. Call the lift contractor.');
    expect(sop.title).toBe('Lift entrapment – concierge desk');
    expect(sop.context).toBe('Applies to lifts A and B.');
  });

  it('is the first line of notes above a numbered list, and a label with its list below it is a note', () => {
    const sop = structureText('PAT – office kit, annual\nkit: tester, labels, log sheet\n1. visual check first\n2. open plug');
    expect(sop.title).toBe('PAT – office kit, annual');
  });

  it('is the first line of notes that names them', () => {
    expect(structureText('Watering – covered area, summer rota\nbeds 1-6: one can each\nherbs last').title).toBe('Watering – covered area, summer rota');
  });
});

describe('written procedures', () => {
  it('does not start an instruction at the noun after an article and an ordinal', () => {
    expect(titles('Before leaving for the first visit of the shift, you should log in to the app and confirm your rota.')).toEqual(['Log in to the app', 'Confirm your rota']);
  });

  it('reads a verb before a label in quotes as the instruction', () => {
    expect(titles("On arrival at each client's home, tap 'Arrive'; on leaving, tap 'Depart'.")).toEqual(["Tap 'Arrive'", "Tap 'Depart'"]);
  });
});

describe('speech that names a step the way notes do', () => {
  it('makes a thing and where it goes, after "then", a step as said, and passes no "let" on to it', () => {
    expect(titles('spray the tacky spray and let it dry then heel and lace pads on the front of the ankle then close it up with strips')).toEqual([
      'Spray the tacky spray',
      'Let the tacky spray dry',
      'Heel and lace pads on the front of the ankle',
      'Close it up with strips',
    ]);
  });

  it('but not a time or something someone does', () => {
    expect(titles('you set up the desk the day before and then the day before they start you email them the login')).not.toContain('The day before they start');
  });
});

describe('questions an instruction asks', () => {
  it('reads a verb before a question word as the instruction ("Ask how many…")', () => {
    expect(titles('1. Answer the intercom.\n2. Ask how many people are inside.\n3. Call the contractor.')).toEqual(['Answer the intercom', 'Ask how many people are inside', 'Call the contractor']);
  });
});

describe('sub-items of a runbook jotted as notes', () => {
  it('reads one that says where a thing goes as a step', () => {
    expect(titles('1) Walk the fly floor\n   - clear anything off the rail\n   - torch on the hook by the rail\n2) Sign the sheet.')).toEqual(['Walk the fly floor', 'Clear anything off the rail', 'Put torch on the hook by the rail', 'Sign the sheet']);
  });
});

describe('handbook prose', () => {
  it('reads a passive whose plural subject the tagger took for a verb, or with "just" before its participle', () => {
    expect(titles('Check the date on each item. Full crates are stacked on the racking. Smaller ones are just counted by crate.')).toEqual([
      'Check the date on each item',
      'Stack full crates on the racking',
      'Count smaller ones by crate',
    ]);
  });

  it('makes a prohibition with a subject of its own a step', () => {
    expect(titles('The letter should be sent from the template, and the fees section must not be edited without approval.')).toEqual(['Send the letter from the template', 'Do not edit the fees section without approval']);
  });

  it('puts a thing that goes at the back of somewhere, or behind something, there', () => {
    expect(titles('Check the room. Coats and bags go at the back of the hall. The bus goes at 5pm.')).toEqual(['Check the room', 'Put coats and bags at the back of the hall']);
  });
});

describe('"then" opening a sentence of speech', () => {
  it('sequences a note said after it ("then mats out.")', () => {
    expect(titles('you check every pocket yourself, door bins, glovebox. then mats out. then the seats get the brush.')).toContain('Remove mats');
  });
});

describe('lines of notes around a list', () => {
  it('reads an unmarked line after a bullet as a note of its own, not part of the bullet', () => {
    expect(titles('BAIT ROUND\n- open each box, check bait\n- relock every box\nafter round: enter all on tablet, sign site log')).toEqual([
      'Open each box',
      'Check bait',
      'Relock every box',
      'Enter all on tablet',
      'Sign site log',
    ]);
  });

  it('makes no step of a sign-off or a form blank', () => {
    const sop = structureText('room reset\n- lights off\n- door locked\nDuty supervisor: ____\nthat\'s it, thanks!');
    expect(sop.steps.map((step) => step.title)).toEqual(['Turn lights off', 'Lock door']);
  });
});

describe('dashes in notes', () => {
  it('leaves no dash at the end of a title, and one dash where a note goes on after it', () => {
    expect(titles('GRIT\nload salt\nroute card in cab –\nradio base')).toEqual(['Load salt', 'Put route card in cab', 'Radio base']);
    expect(titles('GRIT\n- load salt\n- route card in cab – Priority 1 routes first\n- radio base')).toContain('Put route card in cab – Priority 1 routes first');
  });
});

describe('more handbook prose', () => {
  it('reads "try to" before a verb as that verb, after a trigger', () => {
    expect(titles('Fit the padlock. Once locked, try to start the machine with the start button, then return the control to off.')).toEqual([
      'Fit the padlock',
      'Start the machine with the start button',
      'Return the control to off',
    ]);
  });

  it('reads a passive whose participle doubles its last consonant ("refitted")', () => {
    expect(titles('When work is complete, all tools are removed, guards are refitted and everyone is confirmed clear.')).toEqual(['Remove all tools', 'Refit guards', 'Confirm everyone clear']);
  });
});

describe('who does it, in handbook prose', () => {
  it('reads "everyone" described by what they are doing as the subject of the verb after it', () => {
    expect(titles('Stop the machine. Everyone working on the machine fits their own padlock to the isolation point.')).toEqual(['Stop the machine', 'Fit their own padlock to the isolation point']);
  });
});

describe('conditions in speech', () => {
  it('ends "if you\'re not sure" before the instruction after it, but "make sure you" goes on', () => {
    expect(titles("check the edges, if you're not sure you put it under the UV torch, then hand it back")).toEqual(['Check the edges', "Put it under the UV torch if you're not sure", 'Hand it back']);
    expect(titles('make sure you lock the door')).toEqual(['Lock the door']);
  });
});

describe('"before anything" in speech', () => {
  it('opens the first instruction, and closes one it follows', () => {
    expect(titles('so for a small fell um before anything you walk round the tree and look up then you pick your drop zone')).toEqual(['Walk round the tree', 'Look up', 'Pick your drop zone']);
    expect(titles("first you turn on the hood fans before anything else that's a safety thing then light the flat top")).toEqual(['Turn on the hood fans', 'Light the flat top']);
  });
});

describe('things named after "then" in speech', () => {
  it('makes them a step as said, and leaves "first aid kit" alone', () => {
    expect(titles("then you plan your escape routes so you're not tripping over a hose then PPE chaps helmet visor gloves then you cut your gob")).toEqual([
      'Plan your escape routes',
      'PPE chaps helmet visor gloves',
      'Cut your gob',
    ]);
    expect(titles('van check\ncheck first aid kit and fire ext\nfill tank')).toEqual(['Check first aid kit and fire ext', 'Fill tank']);
  });
});

describe('more speech', () => {
  it('reads "it gets replaced" as replacing it, and "work out to the corners" as a verb with its particle', () => {
    expect(titles('look at the foam, it gets replaced.')).toEqual(['Look at the foam', 'Replace it']);
    expect(titles('staple the front then work out to the corners, keep it even.')).toEqual(['Staple the front', 'Work out to the corners', 'Keep it even']);
  });
});

describe('reported speech', () => {
  it('makes no step of what someone else says to do', () => {
    expect(titles("if it's crumbly it gets replaced, even if the customer says leave it. cut new foam to size.")).not.toContain('Leave it');
  });
});

describe('runbook items', () => {
  it('keeps a last noun after "and" with its object ("make and model"), and words in quotes whole', () => {
    expect(titles('1. Get the make and model.\n2. Radio "Code Adam stand down".\n3. Fill in the report.')).toEqual(['Get the make and model', 'Radio "Code Adam stand down"', 'Fill in the report']);
  });
});

describe('words that are no step of their own', () => {
  it('keeps "no exceptions" and "then continue" in the details', () => {
    expect(titles('float check\ncount float before open; no exceptions\nbag coins')).toEqual(['Count float before open', 'Bag coins']);
    expect(titles('1. If anyone is hurt: call 999 first, then continue.\n2. Call the contractor.')).not.toContain('Continue');
  });
});
