import { caseCondition } from './notes/case-labels';
import { editSpokenTitle } from './steps/editing';
import { structureText } from './structure-text';
import { tagSentences } from './language/tokens';

// Issue 12, fourth pass: cases named before a colon or an arrow, labels heading sub-steps,
// a spoken opening's topic, and where a thing goes in speech. Each with its own examples.
const titles = (text: string) => structureText(text).steps.map((step) => step.title);
const stepsOf = (text: string) => structureText(text).steps.map(({ title, details }) => ({ title, details }));
const caseOf = (label: string) => caseCondition(tagSentences(label)[0]!)?.text ?? null;

describe('a case named before a colon or an arrow', () => {
  it('reads states, outcomes and events as conditions, and things or places as what the step is about', () => {
    expect(caseOf('Cracked or loose')).toBe('If cracked or loose');
    expect(caseOf('Seal broken')).toBe('If the seal is broken');
    expect(caseOf('Debris still visible')).toBe('If the debris is still visible');
    expect(caseOf('Customer refuses')).toBe('If customer refuses');
    expect(caseOf('FAIL')).toBe('If FAIL');
    expect(caseOf('Nobody available')).toBe('If nobody is available');
    expect(caseOf('Any reading missing')).toBe('If any reading missing');
    expect(caseOf('Hinges')).toBeNull();
    expect(caseOf('Outside')).toBeNull();
    expect(caseOf('Pallet wrap and labels')).toBeNull();
  });

  it('makes each case in sub-items a step under its condition', () => {
    expect(titles('1. Look at each tyre.\n   - Cracked or loose: take the scooter off the road.\n   - Worn tread: order a new tyre.\n2. Park the scooter in bay 4.')).toEqual([
      'Look at each tyre',
      'Take the scooter off the road if cracked or loose',
      'Order a new tyre if the tread is worn',
      'Park the scooter in bay 4',
    ]);
  });

  it('keeps an outcome in capitals as the condition, not a one-word step, and splits the instructions after it', () => {
    expect(titles('3. Outcome:\n   - PASS: stamp the log book.\n   - FAIL: lock the ladder away, report it to the site lead.')).toEqual([
      'Stamp the log book if PASS',
      'Lock the ladder away if FAIL',
      'Report it to the site lead if FAIL',
    ]);
  });

  it('keeps a thing named before a dash in the title, as what the step is done to', () => {
    expect(stepsOf('1. Hinges – oil them well.\n2. Lock the gate.')[0]).toEqual({ title: 'Hinges: oil them well', details: '' });
  });

  it('keeps a quoted word that would otherwise be a filler ("OK", "right")', () => {
    expect(titles('1. Write "OK" and the date on the tag.\n2. Press "right" on the keypad.')).toEqual(['Write "OK" and the date on the tag', 'Press "right" on the keypad']);
  });
});

describe('a label over sub-items that are instructions', () => {
  it('heads the sub-steps instead of being a step of its own', () => {
    expect(stepsOf('1. Weigh the flour.\n2. Each batch:\n   - sift the flour into the bowl\n   - add the water slowly\n   - mix for two minutes\n3. Cover the bowl.')).toEqual([
      { title: 'Weigh the flour', details: '' },
      { title: 'Sift the flour into the bowl', details: 'Each batch.' },
      { title: 'Add the water slowly', details: '' },
      { title: 'Mix for two minutes', details: '' },
      { title: 'Cover the bowl', details: '' },
    ]);
  });

  it('puts a case label over sub-steps on the first of them as its condition', () => {
    expect(titles('4. Nobody home:\n   a) leave a card in the door\n   b) take the parcel back to the depot')).toEqual(['Leave a card in the door if nobody is home', 'Take the parcel back to the depot']);
  });

  it('still puts a lone command under "Label:" into the title', () => {
    expect(titles('2. Restart:\n   a. `systemctl restart nginx`\n   b. Check the status page.')).toEqual(['Restart: `systemctl restart nginx`', 'Check the status page']);
  });
});

describe('speech', () => {
  it('takes what a narration names before anyone does anything as its topic, not part of the first step', () => {
    expect(titles('okay so monthly filter change um you want to switch off the unit at the wall then slide the old filter out')).toEqual(['Switch off the unit at the wall', 'Slide the old filter out']);
  });

  it('reads where a thing goes as a step, after "next" or a condition', () => {
    expect(titles('then you fold the towels next a clean sheet goes on the bed and if it is stained the old sheet goes in the red bag')).toEqual([
      'Fold the towels',
      'Put a clean sheet on the bed',
      'Put the old sheet in the red bag if it is stained',
    ]);
  });

  it('does not make "we do them every week" a step', () => {
    expect(titles('so the gutters we do them every spring um you put the ladder on the flat bit then you scoop the leaves into a bucket')).toEqual(['Put the ladder on the flat bit', 'Scoop the leaves into a bucket']);
  });
});

describe('terse notes', () => {
  it('reads a case before an arrow or a colon as the condition of the instruction after it', () => {
    expect(titles('boiler room\n- pressure low -> call the engineer\n- valve stuck: call the plumber\n- log the reading')).toEqual([
      'Call the engineer if the pressure is low',
      'Call the plumber if the valve is stuck',
      'Log the reading',
    ]);
  });

  it('keeps a thing named before a colon out of the condition ("new stock: shelve it")', () => {
    expect(stepsOf('evening\nnew stock: shelve by aisle\ncount the till')[0]).toEqual({ title: 'Shelve new stock by aisle', details: '' });
  });

  it('stays notes when a line has a stop before a lower-case word, so each line is read on its own', () => {
    const text = 'dog wash\ncheck booking + vacc card (rabies, kennel cough). no card, send home\nnote matting on intake form\nbath: oatmeal sh. if itchy, tearless on face. rinse x2\nweigh the dog';
    expect(titles(text)).toEqual(expect.arrayContaining(['Send home', 'Rinse x2', 'Weigh the dog']));
  });

  it('does not make a rule ("no card = no groom") a step', () => {
    expect(titles('intake\ncheck the vaccination card\nno card = no groom\nweigh the dog')).toEqual(['Check the vaccination card', 'Weigh the dog']);
  });
});

describe('more of speech', () => {
  it('ends a condition cut short after its auxiliary ("if it doesn\'t you…")', () => {
    expect(titles("then you press the reset button and if it doesn't you unplug the unit for ten seconds then you call the office")).toEqual([
      'Press the reset button',
      "Unplug the unit for ten seconds if it doesn't",
      'Call the office',
    ]);
  });

  it('reads "the very last thing is lights off" as turning them off', () => {
    expect(titles('then you lock the back door and the very last thing is hall lights off')).toEqual(['Lock the back door', 'Turn hall lights off']);
  });

  it('folds writing down what a step just read into that step', () => {
    expect(titles('then you read the meter and write it on the sheet then you close the cupboard')).toEqual(['Read the meter and write it on the sheet', 'Close the cupboard']);
  });

  it('does not fold it into a step with a condition', () => {
    expect(titles('then you reject the crate if it is warm and write it on the delivery note')).toEqual(['Reject the crate if it is warm', 'Write it on the delivery note']);
  });

  it('writes "take photos of" as "Photograph" and "give it a wipe" as "Wipe it"', () => {
    expect(titles('then you take photos of the scratches and give the mirror a quick wipe')).toEqual(['Photograph the scratches', 'Wipe the mirror']);
  });

  it('keeps the subject with a prohibition said after a step', () => {
    expect(structureText('then you put them in the side room not the hall we do not want them mixing').steps.map((step) => step.title)[0]).toBe('Put them in the side room not the hall');
  });
});

describe('sub-items and verbs the tagger does not know', () => {
  it('makes an instruction among sub-items that mostly explain a step of its own', () => {
    expect(stepsOf('1. Inspect the ladder.\n   - no cracks in the rails\n   - feet present\n   - wipe the rungs with a damp cloth\n2. Store the ladder.')).toEqual([
      { title: 'Inspect the ladder', details: 'No cracks in the rails. Feet present.' },
      { title: 'Wipe the rungs with a damp cloth', details: '' },
      { title: 'Store the ladder', details: '' },
    ]);
  });

  it('reads a word the tagger does not know as a verb when it opens a line right before its object', () => {
    expect(titles('1. Weigh the empty dish.\n2. Each run:\n   - tare the balance\n   - swab the spout\n   - record the mass')).toEqual(['Weigh the empty dish', 'Tare the balance', 'Swab the spout', 'Record the mass']);
  });

  it('does not read a spoken opening ("so cleaning the ovens") as an instruction', () => {
    expect(titles('okay so cleaning the ovens um first you switch them off at the wall then you scrape the racks')).toEqual(['Switch them off at the wall', 'Scrape the racks']);
  });
});

describe('notes that say what to expect or where to look', () => {
  it('puts on what is worn and takes off covers, and turns machines on and off', () => {
    expect(titles('roof job\nharness on\nhatch cover off\nfan off\ncheck the anchor')).toEqual(['Put harness on', 'Take hatch cover off', 'Turn fan off', 'Check the anchor']);
  });

  it('makes no step of an expectation or a pointer to other notes, nor puts what a question names: it checks it', () => {
    expect(titles('dough\nmix til smooth\nfoam on top?\nshould rise in 2h\nknock back\nsee bake notes')).toEqual(['Mix til smooth', 'Check foam on top', 'Knock back']);
  });
});

describe('speech without connectives', () => {
  it('ends a condition on "…is not" before a bare instruction, and a check before a new subject with a modal', () => {
    expect(stepsOf("then you check the tank is full the needle should be past the line if it's not top it up from the drum")).toEqual([
      { title: 'Check the tank is full', details: 'The needle should be past the line.' },
      { title: "Top it up from the drum if it's not", details: '' },
    ]);
  });

  it('but not where the auxiliary has its verb or its complement', () => {
    expect(titles("if they can't get the code stop and call the office")).toEqual(["Stop and call the office if they can't get the code"]);
  });

  it('splits a longer spoken topic ("for the … at the start of shift") from the first instruction', () => {
    expect(titles('so for the van check at the start of the shift you open the back doors then you count the cones')).toEqual(['Open the back doors', 'Count the cones']);
  });

  it('reads a person named by an -ist or -ian word as the one who acts', () => {
    expect(stepsOf('so the hygienist checks the chart and then the technician calibrates the scanner')).toEqual([
      { title: 'Check the chart', details: 'Done by the hygienist.' },
      { title: 'Calibrate the scanner', details: 'Done by the technician.' },
    ]);
  });
});

describe('written procedures in the third person', () => {
  it('reads a person, a sequence word and their verb ("The registrar first checks…")', () => {
    expect(stepsOf('The curator first checks the frame and confirms the loan form is signed.')).toEqual([
      { title: 'Check the frame', details: 'Done by the curator.' },
      { title: 'Confirm the loan form is signed', details: '' },
    ]);
  });

  it('splits a condition from a passive whose subject joins two things ("the photo and the time are emailed")', () => {
    expect(titles('Take a photo of the parcel. If nobody is in, the photo and the time are emailed to the office.')).toEqual(['Photograph the parcel', 'Email the photo and the time to the office if nobody is in']);
  });

  it('gives a time said before a comma to the step after it', () => {
    expect(stepsOf('Pack the van. The day before, the driver should phone the venue. Load the boxes.')).toEqual([
      { title: 'Pack the van', details: '' },
      { title: 'Phone the venue', details: 'The day before. Done by the driver.' },
      { title: 'Load the boxes', details: '' },
    ]);
  });

  it('reads "make sure" with a long subject before its verb as a check', () => {
    expect(titles("Make sure the client's signed insurance certificate has been received. Book the courier.")).toEqual(["Make sure the client's signed insurance certificate has been received", 'Book the courier']);
  });
});

describe('commas in notes', () => {
  it('keeps a line that lists what one step uses together; two pieces of two words are one step', () => {
    const steps = stepsOf('vineyard pick day\nbrix first: 10 grapes across rows, refractometer, need 21+\nsnips out, gloves on\nweigh bins');
    expect(steps).toEqual([
      { title: 'Brix first: 10 grapes across rows, refractometer, need 21+', details: '' },
      { title: 'Remove snips and put gloves on', details: '' },
      { title: 'Weigh bins', details: '' },
    ]);
  });
});

describe('what to find out and when', () => {
  it('keeps "check when…" as what to check, and "if it is before seven" as one condition', () => {
    expect(titles('first you check when they last had a colour done then you sound the horn if it is before seven')).toEqual([
      'Check when they last had a colour done',
      'Sound the horn if it is before seven',
    ]);
  });
});

describe('what other people will do', () => {
  it('is no instruction when said in the future ("she will decide…")', () => {
    expect(titles('then you call the manager and she will decide if we close the pool then you lock the gate')).toEqual(['Call the manager', 'Lock the gate']);
  });
});

describe('talk between the steps', () => {
  it('drops what is said to the listener and keeps the boundary it marks', () => {
    expect(titles("so bear with me um you open the valve it's happened believe me close the hatch")).toEqual(['Open the valve', 'Close the hatch']);
  });

  it('keeps "watch them take it" whole, and "say no" as what is said', () => {
    expect(titles('okay so on the evening round you give each resident their tablets then you watch them take it and if they say no you call the nurse')).toEqual(['Give each resident their tablets on the evening round', 'Watch them take it', 'Call the nurse if they say no']);
  });

  it('takes "anyway" as moving on, and "the first thing when I arrive is" as an announcement', () => {
    expect(titles('well the first thing when i arrive is i switch off the music then leave it for another day anyway boxes on the bottom shelf')).toEqual([
      'Switch off the music',
      'Leave it for another day',
      'Put boxes on the bottom shelf',
    ]);
  });

  it('drops a corrected clause ("actually no") and never ends a title on "never"', () => {
    expect(titles('okay so to open the report you find the folder on the shared drive then you click on actually no double click on the file')).toEqual(['Find the folder on the shared drive', 'Double click on the file']);
    expect(editSpokenTitle('lay them on a blanket never', null)).toBe('Lay them on a blanket');
  });
});

describe('notes written in capitals, and verbs before a colon', () => {
  it('reads a line in capitals in lower case', () => {
    expect(titles('gym close\nwipe the benches\nNEVER SPRAY ONTO THE SCREENS\nIF MATS WET -> HANG THEM UP')).toEqual(['Wipe the benches', 'Never spray onto the screens', 'Hang them up if mats wet']);
  });

  it('makes a lone verb before a colon act on what follows, and "thing -> stacked by the door" a step', () => {
    expect(titles('evening\nlog: till total + initials\nmats -> stacked by door')).toEqual(['Log till total and initials', 'Stack mats by door']);
  });

  it('is no step when someone else does it', () => {
    expect(titles('hall close\nlock the fire exits\nfloor = cleaner does it, not us\nset the alarm')).toEqual(['Lock the fire exits', 'Set the alarm']);
  });
});

describe('a numbered item over a paragraph of details (a template loaded into Write Process)', () => {
  const notes = [
    '1. Post first aider names and locations',
    'Display the current first aiders on every notice board. Update the list when someone leaves.',
    '',
    '2. Grade findings and hold a closing meeting',
    'Classify each finding as major or minor. Present the findings to the owner so there are no surprises.',
    '',
    '3. Issue the report and track corrective actions',
    'Send the report within 5 days. Each finding gets an owner and a due date.',
  ].join('\n');

  it('keeps each item as the writer titled it, its paragraph as its details', () => {
    expect(stepsOf(notes)).toEqual([
      { title: 'Post first aider names and locations', details: 'Display the current first aiders on every notice board. Update the list when someone leaves.' },
      { title: 'Grade findings and hold a closing meeting', details: 'Classify each finding as major or minor. Present the findings to the owner so there are no surprises.' },
      { title: 'Issue the report and track corrective actions', details: 'Send the report within 5 days. Each finding gets an owner and a due date.' },
    ]);
  });

  it('still splits a one-line item with two instructions', () => {
    expect(titles('1. Issue the report and track corrective actions.\n2. Close the audit.')).toEqual(['Issue the report', 'Track corrective actions', 'Close the audit']);
  });
});

describe('verbs of trades and labs', () => {
  it('reads them as verbs at the head of a line, and a capitalised verb before a role as an instruction', () => {
    expect(titles('1. Moor the boat to the pontoon.\n2. Torque the wheel nuts.\n3. Retain visitor records for a year.')).toEqual(['Moor the boat to the pontoon', 'Torque the wheel nuts', 'Retain visitor records for a year']);
  });
});

describe('a label in notes', () => {
  it('keeps a short thing before a colon in the title of the step after it', () => {
    expect(titles('watering\nbedding plants: rose head, x2 passes\ncoil the hose')).toEqual(['Bedding plants: rose head, x2 passes', 'Coil the hose']);
  });
});

describe('stray words in a transcript', () => {
  it('folds a one-word step into the details of the step before', () => {
    const sop = structureText(
      "then gown them up towel round the shoulders barrier cream round the hairline and the ears so it doesn't stain mix the colour and weigh it actually don't ever guess it you weigh it on the scales and write the formula on their record card so whoever does them next time knows",
    );
    expect(sop.steps.map((step) => step.title)).toEqual([
      'Gown them up towel round the shoulders barrier cream round the hairline and the ears',
      'Mix the colour',
      'Weigh it on the scales',
      'Write the formula on their record card so whoever does them next time knows',
    ]);
    // ("…mix the colour and weigh it actually…": the "weigh" broken off goes to the details of the step before.)
    expect(sop.steps[1]!.details).toMatch(/^Weigh\./);
  });
});

describe('passives and third persons in written procedures', () => {
  it('says "Get … signed by …" when someone else does it', () => {
    expect(titles('The contract is drawn up and signed by both directors. The parcel is collected by our courier.')).toEqual([
      'Draw the contract up',
      'Get the contract signed by both directors',
      'Get the parcel collected by our courier',
    ]);
  });

  it('makes no step of a state ("are entitled to")', () => {
    expect(titles('Members over sixty are entitled to a free pass. Check the member card. Print the pass.')).toEqual(['Check the member card', 'Print the pass']);
  });

  it('follows a person through "and asks the…" and a plural crew through "then"', () => {
    expect(titles('The agent checks the passport and asks the security questions. The porters then load the bags onto the trolley.')).toEqual([
      'Check the passport',
      'Ask the security questions',
      'Load the bags onto the trolley',
    ]);
  });

  it('reads "each one is sandbagged" as a step', () => {
    expect(titles('Stands are placed on the marks and each one is sandbagged.')).toEqual(['Place stands on the marks', 'Sandbag each stand']);
  });
});

describe('what a line of notes says after its instruction', () => {
  it('stays in the title as jotted, but a rule or a caution goes to the details', () => {
    expect(stepsOf('event setup\nreg table @ door - badges alpha order\nmic check, tyre temp < 40\nlock the store, never the fire exit')).toEqual([
      { title: 'Reg table at door – badges alpha order', details: '' },
      { title: 'Check microphone', details: 'Tyre temperature < 40.' },
      { title: 'Lock the store', details: 'Never the fire exit.' },
    ]);
  });

  it('reads a ticked-box line without its box', () => {
    expect(titles('Pool opening\n☐ Pool cover rolled back\n☐ Test the water')).toEqual(['Pool cover rolled back', 'Test the water']);
  });
});

// Fourteenth pass: written procedures where the tagger reads a plural noun as a verb, and a place said before the person.
describe('written procedures: objects and places before the person', () => {
  it('reads a thing named right after a verb still without its object as that object ("asks the security questions")', () => {
    expect(titles('The agent checks the passport against the booking and asks the standard security questions about the bag. Each bag is then placed on the scale.')).toEqual([
      'Check the passport against the booking',
      'Ask the standard security questions about the bag',
      'Place each bag on the scale',
    ]);
  });

  it('reads "at each venue the driver finds…" as the driver\'s steps, and the verbs after the comma as theirs too', () => {
    expect(titles('At each venue the driver finds the coordinator, places the arrangements where the plan says, and tops up the water in the oasis pieces.')).toEqual([
      'Find the coordinator',
      'Place the arrangements where the plan says',
      'Top up the water in the oasis pieces',
    ]);
  });
});

describe('written procedures: cases, adverbs and gerunds', () => {
  it('reads a sentence opening on "Where" and a clause of its own as the case of its instruction', () => {
    expect(titles('Get a code for each item. Where a product has not been shipped before, look up the code in the tariff database. Then sign.')).toEqual([
      'Get a code for each item',
      'Look up the code in the tariff database where a product has not been shipped before',
      'Sign',
    ]);
  });

  it('reads "before" closing its clause as an adverb, opening nothing ("…three days before")', () => {
    const [step] = stepsOf('Check they have used the drops for at least three days before, and ask about any reaction.');
    expect(step!.title).toMatch(/three days before$/);
    expect(step!.details).not.toMatch(/^Before\./);
  });

  it('makes each gerund after "start by" a step: "Start by pulling the invoice and checking that…"', () => {
    expect(titles('Start by pulling the commercial invoice and packing list from the order record and checking that the quantities on both documents agree.')).toEqual([
      'Pull the commercial invoice and packing list from the order record',
      'Check that the quantities on both documents agree',
    ]);
  });

});

// Fourteenth pass: a case said first governs every action joined after it; cut into steps, each keeps it.
describe('a case that governs several actions', () => {
  it('keeps the case on each action of a list item', () => {
    expect(titles('1. Test the water.\n2. If free chlorine is below 1.0 ppm, keep the pool closed and call maintenance.\n3. Open the gates.')).toEqual([
      'Test the water',
      'Keep the pool closed if free chlorine is below 1.0 ppm',
      'Call maintenance if free chlorine is below 1.0 ppm',
      'Open the gates',
    ]);
  });

  it('keeps the case on each action of a sentence that opens with it', () => {
    expect(titles('Test the water every morning. If the pH is high, close the pool and call the duty manager. Open the gates at nine.')).toEqual([
      'Test the water every morning',
      'Close the pool if the pH is high',
      'Call the duty manager if the pH is high',
      'Open the gates at nine',
    ]);
  });

  it('not past "then": what comes next is done whatever the case', () => {
    expect(titles('If the pH is high, close the pool, then open the gates.')).toEqual(['Close the pool if the pH is high', 'Open the gates']);
  });
});
