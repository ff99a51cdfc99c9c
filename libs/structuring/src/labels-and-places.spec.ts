import { structureText } from './structure-text';

// Issue 12, fifth pass: where a thing goes in notes, labels that name a step, phrasal verbs,
// Markdown emphasis, and list items that must stay steps. Each with its own examples.
const titles = (text: string) => structureText(text).steps.map((step) => step.title);
const stepsOf = (text: string) => structureText(text).steps.map(({ title, details }) => ({ title, details }));

describe('a thing before an arrow in notes', () => {
  it('is put in the place after it, whatever the thing is called, and what follows a comma is a note on the step', () => {
    expect(stepsOf('van check\nfill tank\ncopy of ticket -> tray by the till\nstrimmer fuel can -> metal box, lid shut\nILL items -> blue bag, courier Tue/Thu\nprojector -> standby (NOT off, lamp needs to cool)')).toEqual([
      { title: 'Fill tank', details: '' },
      { title: 'Put copy of ticket on tray by the till', details: '' },
      { title: 'Put strimmer fuel can in metal box and shut lid', details: '' },
      { title: 'Put ILL items in blue bag', details: 'Courier Tue/Thu.' },
      { title: 'Put projector on standby', details: 'NOT off, lamp needs to cool.' },
    ]);
  });

  it('keeps "can" a verb where a verb follows it', () => {
    expect(titles('Staff can leave the float in the safe. Lock the safe.')).toContain('Lock the safe');
    expect(titles('Staff can leave the float in the safe. Lock the safe.')).not.toContain('Put staff can in safe');
  });
});

describe('spoken conditions and lists', () => {
  it('ends a condition cut short after "hasn\'t" before the instruction', () => {
    expect(titles('okay so check the travel bulletin has come in on the email if it hasn\'t ring the aa desk the number is on the wall by the phone then load the log into the playout system')).toEqual([
      'Check the travel bulletin has come in on the email',
      "Ring the aa desk if it hasn't",
      'Load the log into the playout system',
    ]);
  });

  it('keeps names listed after an object in its step, and reads "each one" as each of those things', () => {
    expect(titles('when you get there first thing read the meters gas electric water and photo each one then go room by room')).toEqual([
      'Read the meters gas electric water',
      'Photograph each meter',
      'Go room by room',
    ]);
  });
});

describe('labels in list items', () => {
  it('keeps an item a step of its own when read whole it says nothing to do', () => {
    expect(titles('1) Check the wind reading.\n2) Empty run: run the lift for one full rotation.\n3) Sign the daily log.')).toEqual([
      'Check the wind reading',
      'Empty run: run the lift for one full rotation',
      'Sign the daily log',
    ]);
  });

  it('reads one or two words before a colon and an instruction as the name of the step', () => {
    expect(titles('1. Check the tickets.\n2. Test run: run the lift with no passengers.\n3. Park the desk: save the show file.')).toEqual([
      'Check the tickets',
      'Test run: run the lift with no passengers',
      'Park the desk',
      'Save the show file',
    ]);
  });

  it('carries the heading into the first step under it (each short sub-item as jotted), not the step before', () => {
    expect(stepsOf('1. Slide the server in.\n2. Cable up:\n   - Power: one PSU to the A feed, one to the B feed.\n   - Network: patch as per the port map.\n   - Label both ends of every cable.\n3. Close the ticket.')).toEqual([
      { title: 'Slide the server in', details: '' },
      { title: 'Power: one PSU to the A feed, one to the B feed', details: 'Cable up.' },
      { title: 'Network: patch as per the port map', details: '' },
      { title: 'Label both ends of every cable', details: '' },
      { title: 'Close the ticket', details: '' },
    ]);
  });
});

describe('words as pasted', () => {
  it('drops Markdown emphasis and reads a word and its particle as a phrasal verb', () => {
    expect(titles('1. **Unbox in the staging area**\n2. Slide the server in with __two people__.\n3. Power on and confirm both PSUs show green.\n4. Haze machine: top up fluid, check it is set to Show.')).toEqual([
      'Unbox in the staging area',
      'Slide the server in with two people',
      'Power on and confirm both PSUs show green',
      'Haze machine: top up fluid',
      'Check it is set to Show',
    ]);
  });
});

describe('cases and notes under a runbook step', () => {
  it('reads ranges before a colon as cases of what the step reads, and "carry on" as no step', () => {
    expect(stepsOf('1) Check the wind reading on the top station anemometer.\n   - Under 50 km/h: carry on.\n   - 50–70 km/h: run at reduced speed.\n   - Over 70: lift stays closed, tell the lift supervisor.\n2) Sign the daily log.')).toEqual([
      { title: 'Check the wind reading on the top station anemometer', details: 'Under 50 km/h: carry on.' },
      { title: 'Run at reduced speed if the wind reading is 50–70 km/h', details: '' },
      { title: 'Tell the lift supervisor if the wind reading is over 70', details: 'Lift stays closed.' },
      { title: 'Sign the daily log', details: '' },
    ]);
  });

  it('makes what to do in another case, said after an item\'s instruction, a step of its own', () => {
    expect(titles('- Use the funnel in the fume hood.\n- Fill carboys to no more than 80%. If the carboy is full, swap to the spare carboy.\n- Close the lid.')).toEqual([
      'Use the funnel in the fume hood',
      'Fill carboys to no more than 80%',
      'Swap to the spare carboy if the carboy is full',
      'Close the lid',
    ]);
  });

  it('keeps a time inside a condition ("finish before the half") with the condition', () => {
    expect(stepsOf('1. Run the preset.\n2. Sign the sheet.\n\nIf you can\'t finish before the half (7.05pm), tell the DSM straight away.')).toEqual([
      { title: 'Run the preset', details: '' },
      { title: 'Sign the sheet', details: '' },
      { title: "Tell the DSM straight away if you can't finish before the half (7.05pm)", details: '' },
    ]);
  });

  it('reads sub-items jotted with an arrow as notes: where a thing goes, or what to do with it', () => {
    expect(titles('- Identify the waste stream first:\n    - Halogenated solvents (DCM, chloroform) → GREEN-labelled carboy\n    - Aqueous acids → neutralise to pH 6–8 first\n    - Damaged glass → sharps bin\n- Close the lid straight after.')).toEqual([
      'Identify the waste stream first',
      'Put halogenated solvents (DCM, chloroform) in GREEN-labelled carboy',
      'Neutralise aqueous acids to pH 6–8 first',
      'Put damaged glass in sharps bin',
      'Close the lid straight after',
    ]);
  });
});

describe('notes and talk as people write them', () => {
  it('reads notes that number a few lines and not the rest as notes, line by line', () => {
    expect(titles('Cask wash\n1. sniff test -> sour = RED tag\n2. drain the casks\npre-rinse cold till water runs clear\nhot rinse\nsanitise - PAA, 5 min contact\nlog cask no. + date on sheet')).toEqual([
      'Sniff test',
      'Drain the casks',
      'Pre-rinse cold till water runs clear',
      'Hot rinse',
      'Sanitise – PAA, 5 minutes contact',
      'Log cask no. and date on sheet',
    ]);
  });

  it('splits a long run of talk that ends in a full stop as speech, and "once everyone\'s out" says when', () => {
    expect(stepsOf("so closing um last orders is quarter to you ring the bell and then once everyone's out you lock the front door first always first we had someone wander in once while we were cashing up.")[0]).toEqual({ title: 'Ring the bell', details: '' });
    expect(titles("so closing um last orders is quarter to you ring the bell and then once everyone's out you lock the front door first always first we had someone wander in once while we were cashing up.")).toEqual(['Ring the bell', 'Lock the front door first']);
  });

  it('reads spoken "cause" as "because", and what the speaker forgets as no step', () => {
    expect(stepsOf('then you strip the speed rail and wipe the rail down cause it gets so sticky and then you put the controller back on auto i always forget that honestly and then you cash up')).toEqual([
      { title: 'Strip the speed rail', details: '' },
      { title: 'Wipe the rail down', details: 'Because it gets so sticky.' },
      { title: 'Put the controller back on auto', details: 'I always forget that honestly.' },
      { title: 'Cash up', details: '' },
    ]);
  });

  it('puts films on, carries a thing over a dash to its instruction, and reads shouting inside a line in lower case', () => {
    expect(stepsOf('setup\nbarrier film on: machine, clip cord\nnew needles - OPEN IN FRONT OF CLIENT, not before\ngloves on')).toEqual([
      { title: 'Put barrier film on: machine, clip cord', details: '' },
      { title: 'Open new needles in front of client, not before', details: '' },
      { title: 'Put gloves on', details: '' },
    ]);
  });
});

describe('more notes', () => {
  it('reads a threshold before an arrow, a verb with its particle, and a thing before a dash', () => {
    expect(titles('booth open\nlamp hrs: check on each proj, >2800 -> email tech\npower on servers, THEN projectors\nscales - check calibration sticker\nsign booth log')).toEqual([
      'Check lamp hours on each proj',
      'Email tech if >2800',
      'Power on servers, projectors',
      'Scales: check calibration sticker',
      'Sign booth log',
    ]);
  });

  // (The title writes the number and its unit apart, "15 mm", as editors do.)
  it('keeps the space after a word the tagger reads as two ("15mm")', () => {
    expect(titles('1. Cut the cloth, allowing 15mm turn-ins all round.\n2. Glue out the cloth.')).toEqual(['Cut the cloth, allowing 15 mm turn-ins all round', 'Glue out the cloth']);
  });
});

describe('more talk', () => {
  it('reads "so i\'m not scratching…" as why, not as a prohibition', () => {
    expect(stepsOf("then i put them on the blanket so i'm not scratching anything on their floor and then i play through all the keys")).toEqual([
      { title: 'Put them on the blanket', details: "So i'm not scratching anything on their floor." },
      { title: 'Play through all the keys', details: '' },
    ]);
  });

  it('keeps "get it going" together and reads "it" as the place the talk goes into', () => {
    expect(titles('okay so when you go into the hive you light the smoker and get it going properly and then you take the roof off and after that you close it up')).toEqual([
      'Light the smoker',
      'Get the smoker going properly',
      'Take the roof off',
      'Close the hive up',
    ]);
  });
});

describe('labels over lists and cases in notes', () => {
  it('checks what a walk-round lists, and puts on what PPE lists', () => {
    expect(titles('bus check\nwalk round: tyres, lights, indicators, mirrors\nPPE: heat gloves, face shield, lab coat\nsign sheet')).toEqual([
      'Check tyres, lights, indicators and mirrors',
      'Put on heat gloves, face shield and lab coat',
      'Sign sheet',
    ]);
  });

  it('reads "A = do B" as B under the thing or the case A', () => {
    expect(titles('sorting line\nQC station = pull contaminants off PET line\nsheath: fuzz ok, glazing / core visible = RETIRE\nname = date\nsign sheet')).toEqual([
      'QC station: pull contaminants off PET line',
      'Sheath: fuzz ok',
      'Retire if the glazing / core is visible',
      'Sign sheet',
    ]);
  });
});

describe('more written procedures', () => {
  it('reads a passive the tagger calls an adjective, after its condition', () => {
    expect(titles('Initial the printout. If a cycle fails, the whole load is reprocessed and the failure is recorded in the autoclave log.')).toEqual([
      'Initial the printout',
      'Reprocess the whole load if a cycle fails',
      'Record the failure in the autoclave log if a cycle fails',
    ]);
    expect(titles('Check the bag. The bag is damaged.')).toEqual(['Check the bag']);
  });

  it('reads what a thing is given as giving it', () => {
    expect(titles('Weigh each bag. Fragile items get an orange label. Ice wells get burnt at close.')).toEqual(['Weigh each bag', 'Give fragile items an orange label', 'Burn ice wells at close']);
  });

  it('reads a time said before whoever does it, and "oldest first" at the end says when', () => {
    expect(stepsOf('Requests land in the ILL queue. Each morning the ILL assistant works through the queue oldest first. The assistant then emails the lender.')).toEqual([
      { title: 'Work through the queue oldest first', details: 'Each morning. Done by the ILL assistant.' },
      { title: 'Email the lender', details: 'Done by the assistant.' },
    ]);
  });

  it('reads a place said before "you" and the verb (after the instruction), a state after "are", and why after "make sure"', () => {
    expect(stepsOf("then on the controller you pick program two and you make sure the vent fan's on because the room gets smoky. no feed after midday so they're empty.")).toEqual([
      { title: 'Pick program two on the controller', details: '' },
      { title: "Make sure the vent fan's on", details: "Because the room gets smoky. No feed after midday. They're empty." },
    ]);
  });

  it('keeps the space between clauses read again, joins a capitalised prefix to its verb, and reads "call NOC" as calling', () => {
    expect(titles('1. Sign in.\n2. Run each piece in and out once if the stage is clear (call heads every time)\n3. Re-arm the alarm, lock up and call NOC to close the visit.')).toEqual([
      'Sign in',
      'Run each piece in and out once if the stage is clear',
      'Re-arm the alarm, lock up and call NOC to close the visit',
    ]);
    expect(titles('Re-arm the alarm. Call NOC to close the visit.')).toEqual(['Re-arm the alarm', 'Call NOC to close the visit']);
  });

  it('reads a first line over a blank line as the title, and looking somewhere as a step', () => {
    const sop = structureText('Platform dispatch at Eastgate\n\nDispatch staff are responsible for trains. When the doors are closed, the dispatcher looks along the full length of the train. The dispatcher then blows the whistle.');
    expect(sop.title).toBe('Platform dispatch at Eastgate');
    expect(sop.steps.map((step) => step.title)).toEqual(['Look along the full length of the train', 'Blow the whistle']);
    expect(titles('Check the seal. It looks fine.')).toEqual(['Check the seal']);
  });

  it('makes a sub-item that names what to check and then what to do a step, but not a warning', () => {
    expect(stepsOf('1) Walk the fly floor.\n2) Check every line set on the cue sheet:\n   a) lock on, rope lock tight\n   b) counterweight arbor: count weights against the sheet\n   c) Warning: do not unlock a set that is out of weight\n3) Sign the fly check sheet.')).toEqual([
      { title: 'Walk the fly floor', details: '' },
      { title: 'Check every line set on the cue sheet', details: '' },
      { title: 'Lock on, rope lock tight', details: '' },
      { title: 'Counterweight arbor: count weights against the sheet', details: 'c) Warning: do not unlock a set that is out of weight.' },
      { title: 'Sign the fly check sheet', details: '' },
    ]);
  });

  it('reads a rule for nobody as a prohibition, never as the act itself', () => {
    const said = stepsOf('Check the harness. Nobody goes on the roof without the fall-arrest platform.');
    expect(JSON.stringify(said)).not.toMatch(/"(?:Go|go) on the roof/);
    expect(JSON.stringify(said)).toMatch(/Never go on the roof without the fall-arrest platform/);
  });

  it('keeps "can\'t" and "never" when a thing must not go somewhere', () => {
    expect(titles("Rinse the baskets. The handles can't go in the soak. Glass never goes in the general bin. The cash goes in the deposit bag.")).toEqual([
      'Rinse the baskets',
      'Do not put the handles in the soak',
      'Never put glass in the general bin',
      'Put the cash in the deposit bag',
    ]);
  });

  it('puts a thing that goes back in somewhere back there, and returns one that goes back to a place', () => {
    expect(titles('Count the float. The float goes back in the safe with the sheet. The keys go back to the office.')).toEqual([
      'Count the float',
      'Put the float back in the safe with the sheet',
      'Return the keys to the office',
    ]);
  });

  it('reads a first line of notes in capitals as their title', () => {
    const sop = structureText('COLD CHAIN DELIVERIES - driver notes\ncool box from fridge 2 -> check ice packs frozen\nget sig on run sheet\nice packs back in freezer');
    expect(sop.title).toBe('Cold chain deliveries - driver notes');
    expect(sop.steps.map((step) => step.title)).not.toContain('Cold chain deliveries: note');
  });

  it('reads "open reaper" in a transcript as opening it', () => {
    expect(titles("and then before we record an episode open reaper and load the podcast template it's got the tracks already then you arm both tracks")).toEqual(['Open reaper and load the podcast template', 'Arm both tracks']);
  });

  it('reads "it" after "if there\'s damage" as the damage', () => {
    expect(titles("and if there's damage that wasn't in the check in report photograph it with something for scale then collect the keys")).toEqual(['Photograph the damage with something for scale', 'Collect the keys']);
  });

  it('sends the same thing on to the next place named after "and then"', () => {
    expect(titles('Load the van. After that the van goes to the ceremony venue and then the reception venue.')).toEqual(['Load the van', 'Send the van to the ceremony venue', 'Send the van to the reception venue']);
  });

  it('turns machines on and off, and puts other things on', () => {
    expect(titles('MAIL ROOM - closing\nsigned-for: barcode label on\nheater on\nPCs off, isolators back on\ntoe boards on')).toEqual(['Put barcode label on', 'Turn heater on', 'Turn PCs off', 'Turn isolators back on', 'Put toe boards on']);
  });
});
