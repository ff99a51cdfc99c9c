import { structureText } from './structure-text';

// Patterns found on descriptions the structurer had not seen (issue 12), each with its own examples.
const titles = (text: string) => structureText(text).steps.map((step) => step.title);
const stepsOf = (text: string) => structureText(text).steps.map(({ title, details }) => ({ title, details }));

describe('verbs the tagger misreads', () => {
  it('reads the word opening a sentence before its object as the verb ("Rinse the basket and put it back")', () => {
    expect(titles('Rinse the filter basket and put it back in the machine. Wipe the drip tray.')).toEqual([
      'Rinse the filter basket',
      'Put the filter basket back in the machine',
      'Wipe the drip tray',
    ]);
  });

  it('splits two bare instructions joined by "and" in a list item, even when the second verb reads as a noun', () => {
    expect(titles('- Sign the register and hand back the lanyard.\n- Close the gate.')).toEqual(['Sign the register', 'Hand back the lanyard', 'Close the gate']);
  });

  it('reads a hyphenated plural ("drop-offs") as a name, so a first line of notes made of it is their title', () => {
    const sop = structureText('drop-offs - weekday mornings\nlabel each bag with the name\nput bags on shelf 3');
    expect(sop.title).toBe('Drop-offs - weekday mornings');
    expect(sop.steps.map((step) => step.title)).toEqual(['Label each bag with the name', 'Put bags on shelf 3']);
  });
});

describe('where a step ends in unpunctuated speech', () => {
  it('after a particle that closes the step ("lift the guard off | clean the blade")', () => {
    expect(titles('okay so first lift the guard off clean the blade with the soft brush and then put the guard back on at the end')).toEqual([
      'Lift the guard off',
      'Clean the blade with the soft brush',
      'Put the guard back on at the end',
    ]);
  });

  it('after a trigger that ends the clause before it, which stays with that step ("turn it until it clicks | open…")', () => {
    expect(stepsOf('okay so turn the valve slowly until it clicks open the tap at the sink and let it run for a bit')).toEqual([
      { title: 'Turn the valve slowly', details: 'Until it clicks.' },
      { title: 'Open the tap at the sink', details: '' },
      { title: 'Let the tap run for a bit', details: '' },
    ]);
  });

  it('after a condition that ends on its adjective or on its subject\'s verb ("if there\'s anything loose | tighten…", "when we finish | clean…")', () => {
    expect(titles('right so walk along the shelf and if there\'s anything loose tighten the screws with the hex key and then sweep the floor under the racking')).toEqual([
      'Walk along the shelf',
      'Tighten the screws with the hex key if there\'s anything loose',
      'Sweep the floor under the racking',
    ]);
    expect(stepsOf('so we close the oven door and wait and when we finish clean the trays with hot water')).toEqual([
      { title: 'Close the oven door and wait', details: '' },
      { title: 'Clean the trays with hot water', details: 'When we finish.' },
    ]);
  });

  it('before a phrasal verb with where it goes ("…if anything fails | roll back to the snapshot")', () => {
    expect(titles('so you apply the update and if the service doesn\'t start after like ten minutes roll back to the snapshot then tell the team')).toEqual([
      'Apply the update',
      'Roll back to the snapshot if the service doesn\'t start after ten minutes',
      'Tell the team',
    ]);
  });

  it('reads "after (about) five minutes" as a time that opens the next step, not a trigger clause', () => {
    expect(stepsOf('so first open the console and if the last job failed restart the job then after about five minutes refresh the page and check the status')).toEqual([
      { title: 'Open the console', details: '' },
      { title: 'Restart the job if the last job failed', details: '' },
      { title: 'Refresh the page', details: 'After about five minutes.' },
      { title: 'Check the status', details: '' },
    ]);
    expect(titles('so you start the scan and after like ten minutes check the progress bar')).toEqual(['Start the scan', 'Check the progress bar']);
  });

  it('reads "when it\'s all done" as the end of the step before, and "here\'s what I do" as an announcement', () => {
    expect(titles('okay so load the dishwasher with the trays and when it\'s all done stack the trays on the trolley by the door')).toEqual([
      'Load the dishwasher with the trays',
      'Stack the trays on the trolley by the door',
    ]);
    expect(titles('so before the shift starts here\'s what I do I count the tills and then I check the rota on the board')).toEqual(['Count the tills', 'Check the rota on the board']);
  });
});

describe('a verb said once for two objects', () => {
  it('makes "check the tyres for cuts and the mirrors for cracks" two steps, but "the oil and the coolant" one', () => {
    expect(titles('okay so walk round the van check the tyres for cuts and the mirrors for cracks then check the oil and the coolant')).toEqual([
      'Walk round the van',
      'Check the tyres for cuts',
      'Check the mirrors for cracks',
      'Check the oil and the coolant',
    ]);
  });

  it('hears the second object of "clip the lid back on the tray back on" without an "and", not "call them on the number"', () => {
    expect(titles('then clip the lid back on the tray back on and wipe the counter then call them on the number on the card')).toEqual([
      'Clip the lid back on',
      'Clip the tray back on',
      'Wipe the counter',
      'Call them on the number on the card',
    ]);
  });
});

describe('checks in terse notes', () => {
  it('reads "X check:" over a list of things as checking those things, an aside after them as details', () => {
    expect(stepsOf('climbing wall open\nsafety check: harness / helmet / rope\nquick chk: mats, pads, chalk buckets (refill if low)\nsign-in sheet on desk')).toEqual([
      { title: 'Check harness, helmet and rope', details: '' },
      { title: 'Check mats, pads and chalk buckets', details: 'Refill if low.' },
      { title: 'Sign-in sheet on desk', details: '' },
    ]);
  });
});

describe('what is not a step', () => {
  it('does not make going somewhere with no place named a step ("go back upstairs"): it leads into what is done there', () => {
    expect(stepsOf('okay so put the chairs on the tables and go back upstairs and switch off the lights in the hall')).toEqual([
      { title: 'Put the chairs on the tables', details: '' },
      { title: 'Switch off the lights in the hall', details: 'Go back upstairs.' },
    ]);
  });

  it('does not make what someone else does for the reader a step ("they will send you a code")', () => {
    const sop = structureText('The help desk will send you a reset code. Enter the code on the login page. Choose a new password.');
    expect(sop.context).toBe('The help desk will send you a reset code.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Enter the code on the login page', 'Choose a new password']);
  });

  it('does not make what someone else is doing a step ("they\'re thinking about…")', () => {
    expect(titles('so open the crate and if the ducks are quiet that means they\'re settling down so close the lid again')).toEqual(['Open the crate', 'Close the lid again']);
  });

  it('reads "our process works like this" as a preamble', () => {
    const sop = structureText('Our returns process works like this. Check the receipt. Refund to the original card.');
    expect(sop.context).toBe('Our returns process works like this.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Check the receipt', 'Refund to the original card']);
  });
});

describe('conditions in runbooks', () => {
  it('reads a verbless reading against a limit over sub-items as their condition', () => {
    expect(titles('Server room checks\n- Read the humidity on the panel\n- Humidity above 60%:\n  - switch on the dehumidifier\n  - tell facilities\n- Log the reading')).toEqual([
      'Read the humidity on the panel',
      'Switch on the dehumidifier if humidity is above 60%',
      'Tell facilities',
      'Log the reading',
    ]);
    expect(titles('Deliveries\n1. Count the boxes\n2. No delivery note:\n   a) phone the supplier\n   b) move the boxes to the cage\n3. Sign the driver\'s sheet')).toEqual([
      'Count the boxes',
      'Phone the supplier if there is no delivery note',
      'Move the boxes to the cage',
      'Sign the driver\'s sheet',
    ]);
  });

  it('makes a sentence opened by "Otherwise," a step when it gives an instruction', () => {
    expect(stepsOf('If the form is complete, file it in the tray. Otherwise, the clerk returns it to the sender with a note.')).toEqual([
      { title: 'File it in the tray if the form is complete', details: '' },
      { title: 'Return it to the sender with a note', details: 'Otherwise. Done by the clerk.' },
    ]);
  });
});

describe('passives and people in prose', () => {
  it('turns passives the tagger half-reads active ("is added", "has to be checked", "it is weighed")', () => {
    expect(titles('If the seal is broken, a repair ticket is raised.')).toEqual(['Raise a repair ticket if the seal is broken']);
    expect(titles('When the parcel arrives, it is weighed on the scale and the weight is written on the label.')).toEqual(['Weigh the parcel on the scale', 'Write the weight on the label']);
  });

  it('knows a plural role after a number ("two nurses check…")', () => {
    expect(stepsOf('Two nurses check the dose against the chart. The patient is then given the tablets.')).toEqual([
      { title: 'Check the dose against the chart', details: 'Done by two nurses.' },
      { title: 'Give the patient the tablets', details: '' },
    ]);
  });

  it('says the plain verb for words of speech, and the person for "them" after a preposition', () => {
    expect(titles('so when the guest arrives grab the luggage trolley and take the bags off them then show them to the lift')).toEqual([
      'Take the luggage trolley',
      'Take the bags off the guest',
      'Show the guest to the lift',
    ]);
  });
});

describe('roles named in more than one word', () => {
  it('keeps "the first assistant director" and "the funeral director" whole: no step "Lead", no "the funeral, detail"', () => {
    expect(structureText('Each day begins with a briefing, which the first assistant director leads before any kit is rigged. The floor manager then walks the set.').steps.map((step) => step.title)).toEqual(['Walk the set']);
    expect(titles("If the family don't want donations, suggest 'private' or the funeral director's details instead.")).toEqual(["Suggest 'private' or the funeral director's details instead if the family don't want donations"]);
  });
});

describe('sequence words', () => {
  it('reads "Last of all," as moving on, not as a step', () => {
    expect(titles('Fit the hanging wire.\n\nLast of all, put our label on the back and move the frame to the collection rack.')).toEqual(['Fit the hanging wire', 'Put our label on the back', 'Move the frame to the collection rack']);
  });
});

describe('a clause that says which thing', () => {
  it('reads "the way we handle this call is remembered" as a remark, not a step "Handle this call is remembered"', () => {
    expect(structureText('Callers ring many organisations on the same day, and the way we handle this call is remembered. Offer condolences first.').steps.map((step) => step.title)).toEqual(['Offer condolences first']);
  });
});

describe('what a named person does, as the reader\'s step', () => {
  it('turns their later verbs and "themselves" to the reader\'s ("…and releases the payment", "positions themselves")', () => {
    expect(titles('1. Post the journals.\n2. The controller reviews the entry against the request and releases the payment.\n3. The dispatcher positions themselves at the marked point by the indicator.')).toEqual([
      'Post the journals',
      'Review the entry against the request and release the payment',
      'Position yourself at the marked point by the indicator',
    ]);
  });

  it('reads two verbs of one person ("checks and countersigns the form", "reviews and signs off on the TB") as the reader\'s step', () => {
    expect(stepsOf('1. Post the journals.\n2. The finance manager reviews and signs off on the trial balance.\n3. A second radiographer checks and countersigns the form.')).toEqual([
      { title: 'Post the journals', details: '' },
      { title: 'Review and sign off on the trial balance', details: 'Done by the finance manager.' },
      { title: 'Check and countersign the form', details: 'Done by a second radiographer.' },
    ]);
  });

  it('says who in lower case when they are people in general ("Colleagues should offer…" → done by colleagues)', () => {
    expect(stepsOf('1. Take the call.\n2. Colleagues should offer condolences.')[1]).toEqual({ title: 'Offer condolences', details: 'Done by colleagues.' });
  });

  it('leaves "themselves" alone when someone else is named doing it ("…whether they packed the bag themselves")', () => {
    expect(titles('1. Weigh the bag.\n2. The agent asks whether they packed the bag themselves.')).toEqual(['Weigh the bag', 'Ask whether they packed the bag themselves']);
  });
});

describe('someone named by initials', () => {
  it('is who does a passive\'s action ("has to be reviewed by a GP" → "Get each one reviewed by a GP")', () => {
    expect(titles('Results arrive in the inbox, and each one has to be reviewed by a GP before anything is said to the patient.')).toEqual(['Get each one reviewed by a GP']);
  });
});

describe('what is checked, said after "that"', () => {
  it('keeps several things in one check, and a second "that" is a second check ("…and that the board has been cleared")', () => {
    expect(titles('Before leaving, the supervisor checks that the cabin heaters and the drying room are switched off and that the signing-in board has been cleared, confirming everyone is off site. The gates are then padlocked.')).toEqual([
      'Check that the cabin heaters and the drying room are switched off',
      'Check that the signing-in board has been cleared, confirming everyone is off site',
      'Padlock the gates',
    ]);
  });
});

// Nineteenth pass: a front-desk complaint procedure written as a paragraph.
describe('a paragraph written as a procedure', () => {
  it('names the SOP with a first sentence that only names the work ("Handling a complaint…")', () => {
    const sop = structureText('Handling a complaint at the front desk. Listen to the whole complaint without interrupting. Log every complaint in the guest notes.');
    expect(sop.title).toBe('Handling a complaint at the front desk');
    expect(sop.steps.map((step) => step.title)).toEqual(['Listen to the whole complaint without interrupting', 'Log every complaint in the guest notes']);
  });

  it('makes a step of a verb written alone before its comma ("Apologise, even if…")', () => {
    expect(titles("Listen to the whole complaint. Apologise, even if it wasn't our fault. Log the complaint.")).toEqual(['Listen to the whole complaint', "Apologise even if it wasn't our fault", 'Log the complaint']);
  });

  it('reads what a thing involving something needs as getting it, its examples between commas in the details', () => {
    const steps = stepsOf("Take the guest's name. Anything involving money, such as a refund or a discount, needs the duty manager's approval.");
    expect(steps).toEqual([
      { title: "Take the guest's name", details: '' },
      { title: "Get the duty manager's approval for anything involving money", details: 'For example, a refund or a discount.' },
    ]);
  });

  it('keeps "a fix you can make on the spot" whole, and "do it straight away" after it is the step', () => {
    expect(titles("Take the guest's name. If it's a small fix you can make on the spot, do it straight away.")).toEqual(["Take the guest's name", "Do it straight away if it's a small fix you can make on the spot"]);
  });
});

describe('what is said of a thing before "so"', () => {
  it('keeps a thing and what it does ("The link expires after 24 hours, so…") in the details, never drops it as a topic', () => {
    const steps = stepsOf('Click Reset password. The link expires after 24 hours, so ask them to use it straight away. Close the ticket.');
    expect(steps.map((step) => step.title)).toEqual(['Click Reset password', 'Ask them to use it straight away', 'Close the ticket']);
    expect(steps.map((step) => step.details).join(' ')).toContain('The link expires after 24 hours.');
  });
});
