import { instructionIn, structureText, titleFromText } from './structure-text';

const titles = (text: string) => structureText(text).steps.map((step) => step.title);
const stepsOf = (text: string) => structureText(text).steps.map(({ title, details }) => ({ title, details }));

describe('unpunctuated speech', () => {
  it('splits at sequence words, "and" before a new action, and "you/we + verb"', () => {
    expect(
      titles(
        'alright so to start you want to sign in to the vendor portal then you pick the purchase order and uh check the quantities after that we mark it received and we print the label',
      ),
    ).toEqual(['Sign in to the vendor portal', 'Pick the purchase order', 'Check the quantities and mark it received', 'Print the label']);
  });

  it('splits before a bare imperative that follows the previous object', () => {
    expect(titles('okay you unlock the cabinet take out the spare toner shake it gently slide it into the printer close the front panel')).toEqual([
      'Unlock the cabinet',
      'Remove the spare toner, shake it gently',
      'Slide the spare toner into the printer',
      'Close the front panel',
    ]);
  });

  it('drops fillers, stutters and false starts but keeps numbers and names', () => {
    expect(titles('um so basically you open the the ticket in zendesk and then you know you tag it priority two')).toEqual(['Open the ticket in zendesk', 'Tag it priority two']);
    expect(titles('next you click on no sorry you double click on the invoice folder then you attach the receipt')).toEqual(['Double click on the invoice folder', 'Attach the receipt']);
  });

  it('ends a trigger at its own verb, so the instruction after it is found', () => {
    expect(stepsOf('you press start once the light turns green wait thirty seconds')).toEqual([
      { title: 'Press start', details: '' },
      { title: 'Wait thirty seconds', details: 'Once the light turns green.' },
    ]);
  });
});

describe('sub-items, branches and remarks in lists', () => {
  const runbook = [
    '# Weekly eyewash station check',
    '',
    '1. Get the test bucket from the janitor room.',
    '2. Inspect the station:',
    '   - Run both taps for 3 minutes.',
    '   - Check the water runs clear.',
    '   - Wipe the dust covers.',
    '3. If the flow is weak:',
    '   a) Tag the station out of use.',
    '   b) Email maintenance with the station number.',
    '4. Sign the card (date and initials).',
    '',
    'Note: stations in the lab are checked by the lab manager.',
  ].join('\n');

  it('makes instructions among sub-items steps, and a branch\'s instructions steps under its condition', () => {
    expect(stepsOf(runbook)).toEqual([
      { title: 'Get the test bucket from the janitor room', details: '' },
      { title: 'Inspect the station', details: '' },
      { title: 'Run both taps for 3 minutes', details: '' },
      { title: 'Check the water runs clear', details: '' },
      { title: 'Wipe the dust covers', details: '' },
      { title: 'Tag the station out of use if the flow is weak', details: '' },
      { title: 'Email maintenance with the station number', details: '' },
      { title: 'Sign the card', details: 'Date and initials. Note: stations in the lab are checked by the lab manager.' },
    ]);
  });

  it('reads bold lines as headings, lists of another kind after them as steps, and items under a checks heading as checks', () => {
    const text = '## Boiler check\n\n**Before you start**\n- Tell reception the heating is off for an hour.\n\n**Checks**\n1. Pressure between 1 and 1.5 bar\n2. No water under the boiler\n3. Restart the boiler.';
    expect(titles(text)).toEqual(['Tell reception the heating is off for an hour', 'Check pressure between 1 and 1.5 bar', 'Check no water under the boiler', 'Restart the boiler']);
  });

  it('makes a conditional sub-item or a prohibition a step, and sub-items that finish the title part of it', () => {
    const text = '1. Search for the account in:\n   - CRM\n   - Billing\n2. Verify the caller:\n   a) Ask for the postcode.\n   b) If it does not match, end the call.\n3. If the account is frozen:\n   - Do not issue a refund.\n   - Tell the caller which team to contact.';
    expect(titles(text)).toEqual([
      'Search for the account in CRM and Billing',
      'Verify the caller',
      'Ask for the postcode',
      'End the call if it does not match',
      'Do not issue a refund if the account is frozen',
      'Tell the caller which team to contact',
    ]);
  });

  it('keeps a list of things under an instruction as its details', () => {
    expect(stepsOf('1. Check the fluid levels:\n   - oil\n   - coolant\n   - washer fluid\n2. Start the engine.')).toEqual([
      { title: 'Check the fluid levels', details: 'Oil. Coolant. Washer fluid.' },
      { title: 'Start the engine', details: '' },
    ]);
  });
});

describe('terse notes said as instructions', () => {
  it('puts the verb first when a note names the thing first ("old filter out", "door shut", "total vs last run")', () => {
    expect(titles('pump room\nvalve B closed @ manifold\nold filter out\nnew filter in\nlid shut\nreading vs last week')).toEqual([
      'Close valve B at manifold',
      'Remove old filter',
      'Put new filter in',
      'Shut lid',
      'Compare reading with last week',
    ]);
  });

  it('splits at a plus before an instruction, and leaves an instruction that opens with its verb alone', () => {
    expect(titles('weekly\nrestart + check the pressure\nrecount any shelf over 2% out\nsign sheet')).toEqual(['Restart and check the pressure', 'Recount any shelf over 2% out', 'Sign sheet']);
  });

  it('makes every line after the heading a step, joins two things with a plus, and keeps a rule as details', () => {
    expect(stepsOf('till close\nlights + music off\ncards in tray, name = date\nlog float + takings')).toEqual([
      { title: 'Turn lights and music off', details: '' },
      { title: 'Put cards in tray', details: 'Name = date.' },
      { title: 'Log float and takings', details: '' },
    ]);
  });
});

describe('typed prose written for new staff', () => {
  it('keeps "then" and "also" after a subject or a modal inside the clause', () => {
    expect(titles('We then email the supplier. If the lid is cracked, you should also call the driver.')).toEqual(['Email the supplier', 'Call the driver if the lid is cracked']);
  });

  it('keeps "you know" with its object, and a trigger inside a subject with its passive', () => {
    expect(titles('Ask for ID unless you know them. Keys that have not been returned after 7 days are reported to security.')).toEqual([
      'Ask for ID unless you know them',
      'Report keys that have not been returned after 7 days to security',
    ]);
  });

  it('knows more roles as actors ("the concierge signs…")', () => {
    expect(stepsOf('The concierge signs the delivery note.')).toEqual([{ title: 'Sign the delivery note', details: 'Done by the concierge.' }]);
  });
});

describe("an editor's last pass over spoken titles", () => {
  it('says the plain verb for a phrasal one, and who "them" is', () => {
    expect(titles('when a visitor comes to reception you greet them obviously then you keep an eye on the sign-in screen and then you point them to the lifts and you let the host know')).toEqual([
      'Greet the visitor',
      'Monitor the sign-in screen',
      'Direct the visitor to the lifts',
      'Notify the host',
    ]);
  });

  it('takes "them" for the person served, not staff named since, and reads "oh" and "the X takes…" as talk', () => {
    expect(stepsOf('so when a new tenant arrives we check their id then if they have a pet a manager has to approve it then you give them the keys the handover takes about five minutes oh and you book them in for the inspection')).toEqual([
      { title: 'Check their id', details: 'When a new tenant arrives.' },
      { title: 'Approve it if they have a pet', details: 'Done by a manager.' },
      { title: 'Give the tenant the keys', details: 'The handover takes about five minutes.' },
      { title: 'Book the tenant in for the inspection', details: '' },
    ]);
  });

  it('leaves "them" alone when no one was named, and reads a state as a statement', () => {
    expect(stepsOf('you print the labels and then you stick them on the boxes the address is printed on the label already')).toEqual([
      { title: 'Print the labels', details: '' },
      { title: 'Stick them on the boxes', details: 'The address is printed on the label already.' },
    ]);
  });
});

describe('asides in unpunctuated speech', () => {
  it('moves what happens next out of the title ("and it should…", "it takes…", "that\'s the one…")', () => {
    expect(stepsOf('so you switch the printer on and it should warm up by itself then you load the paper tray it holds about two hundred sheets and then you print a test page that\'s the bit everyone skips')).toEqual([
      { title: 'Switch the printer on', details: 'It should warm up by itself.' },
      { title: 'Load the paper tray', details: 'It holds about two hundred sheets.' },
      { title: 'Print a test page', details: "That's the bit everyone skips." },
    ]);
  });

  it('keeps a caution said after a step as its details; a caution after a condition is a step of its own', () => {
    expect(stepsOf('then you bin the sample right away don\'t leave it on the bench and after that you label the rack if it\'s cracked don\'t reuse it')).toEqual([
      { title: 'Bin the sample right away', details: "Don't leave it on the bench." },
      { title: 'Label the rack', details: '' },
      { title: "Do not reuse it if it's cracked", details: '' },
    ]);
  });

  it('does not split a verb from its clause or its object\'s state ("check it\'s locked", "mark it received")', () => {
    expect(titles('you check it\'s locked and then you mark it received and we file the docket')).toEqual(["Check it's locked and mark it received", 'File the docket']);
  });

  it('reads a preamble as context, a padded announcement as a lead-in, and two verbs sharing an object as one step', () => {
    const sop = structureText('so this is how we do the weekly check on the fridge um the first thing we gotta do is open the log and then you check the seals and finally you sign and date the sheet');
    expect(sop.context).toBe('This is how we do the weekly check on the fridge.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Open the log', 'Check the seals', 'Sign and date the sheet']);
  });

  it('keeps what is said to someone with the verb of saying', () => {
    expect(titles('first you tell the caller you\'re putting them through then you transfer the call')).toEqual(["Tell the caller you're putting them through", 'Transfer the call']);
  });

  it('attaches a condition followed by "and" to the step before it', () => {
    expect(titles('then you book a room if there isn\'t one free already and send the invite to everyone')).toEqual(["Book a room if there isn't one free already", 'Send the invite to everyone']);
  });

  it('ends a trigger at a particle, and never reads liking or hating as an instruction', () => {
    expect(titles('once you\'re logged off lock the screen and then you give a short summary like two minutes tops what went wrong')).toEqual(['Lock the screen', 'Give a short summary like two minutes tops what went wrong']);
  });
});

describe('instructions in any voice', () => {
  it('recognises verbs the tagger knows, not a closed list', () => {
    expect(titles('Settle the bill. Bump the version. Tag the build. Promote it to staging. Warn the team. Wrap the pallet. Sweep the aisle. Isolate the pump. Wear goggles.')).toEqual([
      'Settle the bill',
      'Bump the version',
      'Tag the build',
      'Promote it to staging',
      'Warn the team',
      'Wrap the pallet',
      'Sweep the aisle',
      'Isolate the pump',
      'Wear goggles',
    ]);
  });

  it('rewrites second and third person, modals and lead-ins to the imperative', () => {
    expect(titles("You'll want to export the report. We usually email it to finance. I always double check the totals. Make sure you archive the file.")).toEqual([
      'Export the report',
      'Email it to finance',
      'Double check the totals',
      'Archive the file',
    ]);
  });

  it('keeps the actor of a third-person instruction in the details', () => {
    expect(stepsOf('The supervisor signs the timesheet.')).toEqual([{ title: 'Sign the timesheet', details: 'Done by the supervisor.' }]);
  });

  it('turns a passive instruction active', () => {
    expect(stepsOf('The visitor badge must be returned at reception.')).toEqual([{ title: 'Return the visitor badge at reception', details: '' }]);
  });

  it('says "do not" and "never" instructions as such', () => {
    expect(titles('You should never leave the safe open.')).toEqual(['Never leave the safe open']);
  });

  it('does not take talk about the explanation, or what the user will see, for a step', () => {
    expect(stepsOf("I'm going to walk you through the refund process. Open the order. You'll see a refund button.")).toEqual([
      { title: 'Open the order', details: "You'll see a refund button." },
    ]);
  });
});

describe('conditions, triggers and order', () => {
  it('keeps a condition with its action, in the title when short', () => {
    expect(stepsOf('If the seal is broken, reject the delivery.')).toEqual([{ title: 'Reject the delivery if the seal is broken', details: '' }]);
    expect(stepsOf('Reject the delivery if the seal is broken.')).toEqual([{ title: 'Reject the delivery if the seal is broken', details: '' }]);
  });

  it('moves a trigger to the details, and the other branch too', () => {
    expect(stepsOf('When the dryer stops, empty the lint trap. If the filter is torn replace it, otherwise rinse it.')).toEqual([
      { title: 'Empty the lint trap', details: 'When the dryer stops.' },
      { title: 'Replace it if the filter is torn', details: 'Otherwise rinse it.' },
    ]);
  });

  it('puts a step said with "before that" before the one it precedes', () => {
    // The step moves before the one that named the parcel, so "it" is said in full.
    expect(titles('then you ship the parcel but before that you weigh it on the scale')).toEqual(['Weigh the parcel on the scale', 'Ship the parcel']);
  });

  it('reads sequence words only where they join clauses', () => {
    expect(titles('The first thing is you sign in. Then click the first link on the next page.')).toEqual(['Sign in', 'Click the first link on the next page']);
    expect(titles('Right click the icon and choose Properties.')).toEqual(['Right click the icon and choose Properties']);
  });
});

describe('titles', () => {
  it('moves explanations to the details but keeps a bare "so" or "which" that is not one', () => {
    expect(stepsOf('Lock the cage so that nobody can reach the stock.')).toEqual([{ title: 'Lock the cage', details: 'So that nobody can reach the stock.' }]);
    expect(titles('Decide which courier to use.')).toEqual(['Decide which courier to use']);
  });

  it('shortens a long title at a clause boundary, never inside a phrase', () => {
    const [step] = structureText(
      'Check every line item on the supplier invoice against the purchase order and the goods received note from the loading bay, including quantities, unit prices and tax codes.',
    ).steps;
    // No clause boundary within 100 characters: the title ends at a phrase boundary instead.
    expect(step!.title).toBe('Check every line item on the supplier invoice against the purchase order and the goods received note');
    expect(step!.details).toBe('From the loading bay, including quantities, unit prices and tax codes.');
    const [long] = structureText('Copy the customer number from the top right corner of the scanned application form into the first empty field of the new customer onboarding screen before saving.').steps;
    expect(long!.title.length).toBeLessThanOrEqual(100);
    expect(`${long!.title} ${long!.details}`).toMatch(/before saving/i);
    expect(long!.title).not.toMatch(/\b(?:the|a|of|to|into|from)$/);
  });

  it('does not split at abbreviations', () => {
    expect(stepsOf('Label the sample, e.g. with the patient ID. Store it at approx. 4 degrees.')).toEqual([
      { title: 'Label the sample', details: 'E.g. with the patient ID.' },
      { title: 'Store it at approx. 4 degrees', details: '' },
    ]);
  });
});

describe('lists', () => {
  it('makes each item a step, sub-items and follow-up sentences its details, and the heading the title', () => {
    const sop = structureText(
      '# Weekly backup check\n1) Open the backup console. It lists last night\'s jobs.\n2) The admin reviews each failed job\n   a) If it failed twice, open a ticket.\n   b) Otherwise rerun it.\n3) Step 3: Sign the log',
    );
    expect(sop.title).toBe('Weekly backup check');
    expect(sop.steps.map(({ title, details }) => ({ title, details }))).toEqual([
      { title: 'Open the backup console', details: "It lists last night's jobs." },
      { title: 'Review each failed job', details: 'Done by the admin. a) If it failed twice, open a ticket. b) Otherwise rerun it.' },
      { title: 'Sign the log', details: '' },
    ]);
  });

  it('keeps bullets nested under an item, and an item that is not an instruction as written', () => {
    expect(stepsOf('- Pre-start checks\n    - tyres\n    - horn\n- Drive to the dock')).toEqual([
      { title: 'Pre-start checks', details: 'Tyres. Horn.' },
      { title: 'Drive to the dock', details: '' },
    ]);
  });

  it('puts a preamble in the context, not in a step', () => {
    const sop = structureText('Hi team, this is our returns flow.\n\n1. Inspect the item\n2. Refund the customer');
    expect(sop.context).toBe('Hi team, this is our returns flow.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Inspect the item', 'Refund the customer']);
  });
});

describe('terse notes', () => {
  it('spells out common shorthand for a supervisor and receipts', () => {
    expect(titles('keep all rcpts in the tray\nbroken lock -> tell sup\nlog it on the sheet')).toEqual(['Keep all receipts in the tray', 'Tell supervisor if the lock is broken', 'Log it on the sheet']);
  });

  it('reads each line and each semicolon or arrow as a clause', () => {
    expect(titles('chk invoice vs PO; sign it -> file in AP folder\nemail mgr')).toEqual(['Check invoice vs PO', 'Sign it', 'File in AP folder', 'Email manager']);
  });
});

describe('fallbacks and titles', () => {
  it('makes one step per sentence when nothing reads as an instruction', () => {
    expect(titles('The report is due monthly. It covers every region.')).toEqual(['The report is due monthly', 'It covers every region']);
    expect(stepsOf('The report is due monthly. Finance reviews it.')).toEqual([{ title: 'Review it', details: 'Done by Finance.' }]);
  });

  it('names the SOP from "how to", "here is how we" and a heading', () => {
    expect(titleFromText('This is how to onboard a contractor. First...')).toBe('Onboard a contractor');
    expect(titleFromText('okay so this is how we close the register so first you count')).toBe('Close the register');
    expect(structureText('Laptop setup:\n- unbox it\n- charge it').title).toBe('Laptop setup');
    expect(titleFromText('Just some text.')).toBeNull();
  });

  it('keeps the words each step was read from, for timing it in a narration', () => {
    const [first, second] = structureText('so you count the drawer then we seal the bag').steps;
    expect([first!.source, second!.source]).toEqual(['you count the drawer', 'we seal the bag']);
  });

  it('finds the instruction a screenshot label gives', () => {
    expect(instructionIn('Click Account to open your profile')).toBe('Click Account to open your profile');
    expect(instructionIn('Account settings')).toBeNull();
    expect(instructionIn('Step 2: Save the form')).toBe('Save the form');
    expect(instructionIn('Step 2')).toBeNull();
  });
});

describe('patterns added with the evaluation set', () => {
  it('makes each bare instruction of a list item its own step', () => {
    expect(titles('1. Print the pick list.\n2. Pick the items, scan every SKU with the handheld.\n3. Weigh the box and enter the weight')).toEqual([
      'Print the pick list',
      'Pick the items',
      'Scan every SKU with the handheld',
      'Weigh the box',
      'Enter the weight',
    ]);
  });

  it('takes the title from the instruction after a lead question', () => {
    expect(stepsOf('1. Sign the visitor log.\n2. First visit? Watch the safety video.')).toEqual([
      { title: 'Sign the visitor log', details: '' },
      { title: 'Watch the safety video', details: 'First visit?' },
    ]);
  });

  it('opens the instruction after a fronted circumstance with it', () => {
    expect(stepsOf('At handout, confirm the patient\'s name.')).toEqual([{ title: "Confirm the patient's name", details: 'At handout.' }]);
  });

  it('tells a prohibition from an inability', () => {
    expect(stepsOf('Scan the card. We can\'t refund cash. Never hand over the goods unpaid.')).toEqual([
      { title: 'Scan the card', details: "We can't refund cash." },
      { title: 'Never hand over the goods unpaid', details: '' },
    ]);
  });

  it('does not read a plural or a gerund subject as an instruction', () => {
    expect(titles('Refunds at the service desk: check the receipt. Dispensing follows the same order every time. Label the pack.')).toEqual(['Check the receipt', 'Label the pack']);
  });

  it('reuses the verb for a step that names only its object', () => {
    expect(titles('so you test the horn and the lights and then the brakes and the parking brake')).toEqual(['Test the horn and the lights', 'Test the brakes and the parking brake']);
  });

  it('splits terse notes at commas, and keeps fragments as things to do', () => {
    expect(titles('front door open, old cart out\nshake new one 5x\nmic check; projector test')).toEqual(['Open front door', 'Remove old cart', 'Shake new one 5x', 'Check microphone', 'Test projector']);
  });

  it('reads who acts in a third-person description, and what they do next', () => {
    expect(stepsOf('The privacy team logs the request and sends an acknowledgement.')).toEqual([
      { title: 'Log the request', details: 'Done by the privacy team.' },
      { title: 'Send an acknowledgement', details: '' },
    ]);
  });
});

describe('patterns of third-person, passive and terse descriptions', () => {
  it('reads a passive whose subject carries a phrase or a relative clause, and its second participle as a step', () => {
    expect(stepsOf('Invoices above the approval limit must be forwarded to the controller.')).toEqual([{ title: 'Forward invoices above the approval limit to the controller', details: '' }]);
    expect(titles('Parcels that arrive damaged are weighed and stored in the night cage.')).toEqual(['Weigh parcels that arrive damaged', 'Store them in the night cage']);
    expect(stepsOf('Broken chairs are set aside for the caretaker, who orders parts.')).toEqual([{ title: 'Set broken chairs aside for the caretaker', details: 'Who orders parts.' }]);
  });

  it('keeps a by-phrase that names no person in the title', () => {
    expect(stepsOf('Returned files are sorted by client name into the cabinet.')).toEqual([{ title: 'Sort returned files by client name into the cabinet', details: '' }]);
  });

  it('says where a thing goes as what to do with it', () => {
    expect(titles('The float goes in the blue pouch. Deposits go back to the branch safe. Dirty linen goes to the laundry.')).toEqual([
      'Put the float in the blue pouch',
      'Return deposits to the branch safe',
      'Send dirty linen to the laundry',
    ]);
    // People going somewhere are not things being put there.
    expect(titles('Everyone goes to the car park.')).toEqual(['Go to the car park']);
  });

  it('keeps a condition said after a statement with the statement', () => {
    // (Fifteenth pass: the condition finishes the statement's sentence in the details; it was cut off as a sentence of its own.)
    expect(stepsOf('Stamp the form; the system rejects it if the date is missing.')).toEqual([{ title: 'Stamp the form', details: 'The system rejects it if the date is missing.' }]);
    expect(stepsOf('Check the visitor in. If they have a badge, that is enough.')).toEqual([{ title: 'Check the visitor in', details: 'If they have a badge, that is enough.' }]);
  });

  it('finds the instruction after a trigger when the verb takes a preposition', () => {
    expect(stepsOf('When the driver arrives, ask for the delivery note. If the load looks damaged, talk to the duty manager.')).toEqual([
      { title: 'Ask for the delivery note', details: 'When the driver arrives.' },
      { title: 'Talk to the duty manager if the load looks damaged', details: '' },
    ]);
  });

  it('keeps what to wait for with "wait", and a hyphenated word whole', () => {
    expect(titles('Before loading, wait until the ramp is down and the driver has given the all-clear.')).toEqual(['Wait until the ramp is down and the driver has given the all-clear']);
  });

  it('reads "have" giving an instruction', () => {
    expect(titles('Have a look under the sink for leaks. Have the tenant sign the inventory.')).toEqual(['Have a look under the sink for leaks', 'Have the tenant sign the inventory']);
  });

  it('follows one actor through several verbs and says "it" in full', () => {
    expect(titles('The night porter locks the side gate and checks the alarm panel and resets it.')).toEqual(['Lock the side gate', 'Check the alarm panel', 'Reset the alarm panel']);
    // Writing down what was just checked is part of the check.
    expect(titles('The night porter locks the side gate and checks the alarm and writes it in the book.')).toEqual(['Lock the side gate', 'Check the alarm and write it in the book']);
  });

  it('reads every line of notes on its own, and a labelled first line as their title', () => {
    const sop = structureText('stocktake - quarterly, Sat 7am\ncount shelves A-F, note gaps on the sheet\nthen recount any shelf over 2% out\nopen bay doors');
    expect(sop.title).toBe('Stocktake - quarterly, Sat 7am');
    expect(sop.steps.map((step) => step.title)).toEqual(['Count shelves A-F', 'Note gaps on the sheet', 'Recount any shelf over 2% out', 'Open bay doors']);
  });
});

describe('list items that name an area, then instruct', () => {
  it('makes each instruction sentence after a label its own step', () => {
    expect(titles('- After that the fridge shelves and the glass salad drawers. Check for cracks and report them to the manager.\n- Dry the shelves with a clean towel\n- Restock the fridge')).toEqual([
      'After that the fridge shelves and the glass salad drawers',
      // Two bare instructions joined by "and" are two steps, as in running text, unless the second
      // only finishes the first on what it found ("…and report them"): editors write that as one.
      'Check for cracks and report them to the manager',
      'Dry the shelves with a clean towel',
      'Restock the fridge',
    ]);
  });

  it('keeps sentences after an instruction in its details', () => {
    const [first] = stepsOf('- Lock the side gate. Use the blue key from the hook.\n- Set the alarm');
    expect(first).toEqual({ title: 'Lock the side gate', details: 'Use the blue key from the hook.' });
  });
});

describe('verbs the tagger reads as nouns after a condition', () => {
  it('reads a verb joined by "and" to another, or followed by its particle and where to, as the instruction', () => {
    expect(titles('1. Restart the pump.\n   - If the light stays red, stop and call the engineer.\n2. Close the valve.')).toEqual([
      'Restart the pump',
      'Stop and call the engineer if the light stays red',
      'Close the valve',
    ]);
    expect(titles('Run the migration. If the test fails, roll back to the last release.')).toEqual(['Run the migration', 'Roll back to the last release if the test fails']);
  });
});

describe('shorthand of notes', () => {
  it('spells out shorthand only notes use, and says "photograph" for "photo" as a verb', () => {
    expect(stepsOf('van check\npic every dent, tyre temp < 40\nlog mileage in fleet sys, job # on sheet')).toEqual([
      { title: 'Photograph every dent', details: 'Tyre temperature < 40.' },
      { title: 'Log mileage in fleet system', details: '' },
      { title: 'Put job number on sheet', details: '' },
    ]);
    expect(titles('keys\nkeys back in key cab w/in 2h\nspin 1 min')).toEqual(['Put keys back in key cabinet within 2 hours', 'Spin 1 minute']);
  });

  it('leaves words that are shorthand in notes alone in sentences', () => {
    expect(structureText('The temp starts on Monday. Call a cab for the guest.').steps.map((step) => step.title)).toEqual(['Call a cab for the guest']);
  });
});

describe('sub-items with several sentences', () => {
  it('makes a later bare instruction in a sub-item a step of its own', () => {
    expect(titles('1. Start the generator.\n   - If it stalls, open the choke. Call the site electrician.\n2. Log the start time.')).toEqual([
      'Start the generator',
      'Open the choke if it stalls',
      'Call the site electrician',
      'Log the start time',
    ]);
  });
});

describe('notes that say a thing, then what was done to it or where it goes', () => {
  it('puts the verb of any past participle first, two after a slash', () => {
    expect(titles('lab close\ncentrifuge cleaned / disinfected\nsamples logged 5pm\nfreezer locked')).toEqual(['Clean and disinfect centrifuge', 'Log samples 5pm', 'Lock freezer']);
  });

  it('says where a thing goes as putting or sending it there, not where people go', () => {
    expect(titles('closing\nspare keys in safe, logbook on desk\nsigned forms to HR by Friday\nstaff in hi-vis')).toEqual(['Put spare keys in safe', 'Put logbook on desk', 'Send signed forms to HR by Friday', 'Staff in hi-vis']);
  });

  it('keeps such a note a step in a checklist', () => {
    expect(titles('Checklist\n[ ] cups washed / dried\n[ ] float counted')).toEqual(['Wash and dry cups', 'Count float']);
  });
});

describe('arrows, colons and pluses in notes', () => {
  it('makes the thing before an arrow or a colon the object of an instruction that has none', () => {
    expect(titles('stores\nreturned tools -> check in cage\nPO: file with invoice\nbroken lock -> tell sup')).toEqual(['Check returned tools in cage', 'File PO with invoice', 'Tell supervisor if the lock is broken']);
  });

  it('reads what comes before an arrow as leading into the instruction after it, a semicolon as a step of its own', () => {
    expect(stepsOf('gate\nvan arrives -> open gate B\nyard lights on; unlock side door')).toEqual([
      { title: 'Open gate B if van arrives', details: '' },
      { title: 'Turn yard lights on', details: '' },
      { title: 'Unlock side door', details: '' },
    ]);
  });

  it('joins two things with a plus, even where the second is also a verb', () => {
    expect(titles('visitors\nvisitor gives name + photo ID\nrestart + check the pressure')).toEqual(['Have the visitor give name and photo ID', 'Restart and check the pressure']);
  });
});

describe('fragments of notes after a semicolon', () => {
  it('makes a fragment after a semicolon a step, keeps one after a comma in the title as jotted, and a rule in the details', () => {
    expect(stepsOf('closing\nexport the report; PDF copy for the auditor\nlock the cabinet; name = date\nrename IMG_date.pdf, one per client')).toEqual([
      { title: 'Export the report', details: '' },
      { title: 'PDF copy for the auditor', details: '' },
      { title: 'Lock the cabinet', details: 'Name = date.' },
      { title: 'Rename IMG_date.pdf, one per client', details: '' },
    ]);
  });
});

describe('what "it" is and verbs spelt alike in both tenses', () => {
  it('reads "you shut", "we set" after a pronoun as the instruction, not as what happened', () => {
    expect(titles('so you save the file then you shut the program down and we set the alarm')).toEqual(['Save the file', 'Shut the program down', 'Set the alarm']);
    // A past event told with another subject stays a statement.
    expect(titles('Restart the router. He shut it down yesterday.')).toEqual(['Restart the router']);
  });

  it('takes a lone "it" for the thing the opening names', () => {
    expect(titles('to descale the kettle you unplug it first then fill it with vinegar and water and boil it twice')).toEqual([
      'Unplug the kettle',
      'Fill the kettle with vinegar and water',
      'Boil the kettle twice',
    ]);
    // "a new hire laptop" is "the laptop" in a step.
    expect(titles('For a new hire laptop: charge it overnight. Then label it with the asset number.')).toEqual(['Charge the laptop overnight', 'Label the laptop with the asset number']);
  });

  it('leaves "it" alone when the opening names no single thing', () => {
    expect(titles('Every morning: open the safe. Count it. Then lock it again.')).toEqual(['Open the safe', 'Count it', 'Lock it again']);
    expect(titles('To restock the shelves, take the boxes to the aisle. Open them.')).toEqual(['Take the boxes to the aisle', 'Open them']);
  });

  it('reads "to" + a verb the tagger does not know as a purpose ("to descale the kettle")', () => {
    expect(structureText('to descale the kettle you unplug it first then rinse it').context).toBe('To descale the kettle.');
  });
});

describe('purpose clauses', () => {
  it('keeps an opening purpose as context and the instruction after it as the step', () => {
    const draft = structureText('To reset a password, open the admin page. Then click Reset.');
    expect(draft.context).toBe('To reset a password.');
    expect(draft.steps.map((step) => step.title)).toEqual(['Open the admin page', 'Click Reset']);
  });

  it('gives a later purpose to the step after it, and "to start the engine" is not "to start (with)"', () => {
    expect(stepsOf('Check the fuel. To start the engine, turn the key. To open the valve, turn the wheel.')).toEqual([
      { title: 'Check the fuel', details: '' },
      { title: 'Turn the key', details: 'To start the engine.' },
      { title: 'Turn the wheel', details: 'To open the valve.' },
    ]);
    // The sequence word keeps its meaning when nothing follows as its object.
    expect(titles('To start, open the app. Then sign in.')).toEqual(['Open the app', 'Sign in']);
  });
});

describe('third-person prose', () => {
  it('keeps "then", "finally" between the person and their verb, and reads a comma series of their actions', () => {
    expect(stepsOf('The clerk then calls the client back. The agent finally checks the interior, closes the agreement, and emails the receipt to the customer.')).toEqual([
      { title: 'Call the client back', details: 'Done by the clerk.' },
      { title: 'Check the interior', details: 'Done by the agent.' },
      { title: 'Close the agreement', details: '' },
      { title: 'Email the receipt to the customer', details: '' },
    ]);
  });

  it('reads a short upper-case title after an article as a person, but not a thing like an ID', () => {
    expect(titles('The 1st AD gathers the crew at base camp.')).toEqual(['Gather the crew at base camp']);
    expect(stepsOf('Check the card. The ID shows the photo and the name.')).toEqual([{ title: 'Check the card', details: 'The ID shows the photo and the name.' }]);
  });
});

describe('notes that say where a thing goes or when', () => {
  it('reads "thing -> place" as putting the thing there, and records on forms and systems', () => {
    expect(titles('closing the shop:\nlock tills; keys -> safe\nfloat bags -> top shelf (left side)\nday total -> sheet')).toEqual([
      'Lock tills',
      'Put keys in safe',
      'Put float bags on top shelf',
      'Record day total on sheet',
    ]);
  });

  it('takes a thing "from" a place, and a time alone leads the step after it', () => {
    expect(stepsOf('bar opening\n10:15 – glasses from dishwasher; reds stay out\nchk till float\nflip sign')).toEqual([
      { title: 'Take glasses from dishwasher', details: '10:15.' },
      { title: 'Keep reds out', details: '' },
      { title: 'Check till float', details: '' },
      { title: 'Flip sign', details: '' },
    ]);
  });
});

describe('where speech trails off', () => {
  it('never ends a title on a conjunction and keeps "for after school club" whole', () => {
    expect(titles('you bring them to the office for after school club and lock the side gate')).toEqual(['Bring them to the office for after school club', 'Lock the side gate']);
    expect(titles('Walk the children to the bus bay and. Then lock the gate.')).toEqual(['Walk the children to the bus bay', 'Lock the gate']);
  });
});

describe('rules and people in written procedures', () => {
  it('reads "is then sent" as a passive instruction and "must not be processed" as a prohibition, never the reverse', () => {
    expect(titles('Check the door. The receipt is then sent to the client by secure message.')).toEqual(['Check the door', 'Send the receipt to the client by secure message']);
    expect(titles('Check the door. Requests received by email must not be processed. Cash should never be left in the till.')).toEqual([
      'Check the door',
      'Do not process requests received by email',
      'Never leave cash in the till',
    ]);
    expect(titles('Check the door. Parcels must not be signed for until counted.')).toEqual(['Check the door', 'Do not sign for parcels until counted']);
  });

  it('reads past an aside about who the person is, and their verbs the tagger took for nouns', () => {
    expect(stepsOf('Check the door. A second approver, who must be a supervisor, reviews the entry and releases the payment.')).toEqual([
      { title: 'Check the door', details: '' },
      { title: 'Review the entry', details: 'Done by a second approver.' },
      { title: 'Release the payment', details: '' },
    ]);
    expect(titles('Check the door. The agent walks around the car and compares any marks against the diagram.')).toEqual([
      'Check the door',
      'Walk around the car',
      'Compare any marks against the diagram',
    ]);
  });

  it('keeps "to make sure" as the purpose of the step after it', () => {
    expect(stepsOf('Check the door. To make sure the kit is ready, the manager checks the defibrillator.')).toEqual([
      { title: 'Check the door', details: '' },
      { title: 'Check the defibrillator', details: 'To make sure the kit is ready. Done by the manager.' },
    ]);
  });
});

describe('more of unpunctuated speech', () => {
  it('reads a verb the tagger took for an adjective after "then" ("then light the smoker")', () => {
    expect(titles('then light the smoker with pine needles and give a couple of puffs at the entrance')).toEqual(['Light the smoker with pine needles', 'Give a couple of puffs at the entrance']);
  });

  it('drops "like" before an amount, and keeps it as a verb', () => {
    expect(titles('then wait like a minute and then take the roof off')).toEqual(['Wait a minute', 'Take the roof off']);
    expect(structureText('I like a cup of tea before I start so make one').context).toContain('I like a cup of tea');
  });

  it('says what you want on as putting it on', () => {
    expect(titles('you want your gloves on obviously then light the smoker')).toEqual(['Put your gloves on', 'Light the smoker']);
    expect(titles("you'll need the visor off then clean the lens")).toEqual(['Take the visor off', 'Clean the lens']);
  });
});

describe('remarks a speaker makes between steps', () => {
  it('keeps what people in general do out of the steps, but not what two people do', () => {
    expect(stepsOf('um so you open the oven people never clean the oven and then you photograph it')).toEqual([
      { title: 'Open the oven and photograph it', details: 'People never clean the oven.' },
    ]);
    expect(titles('sign the boat out then two people walk it down the slip')).toEqual(['Sign the boat out', 'Walk it down the slip']);
  });

  it('drops "well" between "you" and the verb, and splits "…forget that then spin it"', () => {
    expect(titles('then you well check the van has the leak kit')).toEqual(['Check the van has the leak kit']);
    expect(titles('you mix it well then pour it')).toEqual(['Mix it well and pour it']);
    expect(stepsOf("so um you balance the rotor first obviously i've seen people forget that then you spin it")).toEqual([
      { title: 'Balance the rotor first', details: "I've seen people forget that." },
      { title: 'Spin it', details: '' },
    ]);
  });
});

describe('bulleted notes', () => {
  it('reads each bulleted line of notes as a line of notes: semicolons, arrows and conditions', () => {
    expect(titles('tank change\n- unplug heater + filter b4 anything\n- test nitrite; if nitrite >0.25 -> repeat change tmrw\n- plug back in; chk heater light')).toEqual([
      'Unplug heater and filter before anything',
      'Test nitrite',
      'Repeat change tomorrow if nitrite >0.25',
      'Plug back in',
      'Check heater light',
    ]);
  });

  it('keeps a list of things after a colon whole, and the first bullet is a step, not a heading', () => {
    expect(stepsOf('station setup\n- barrier film: lamp handle, machine, clip cord\n- new gloves')).toEqual([
      { title: 'Barrier film: lamp handle, machine, clip cord', details: '' },
      { title: 'New gloves', details: '' },
    ]);
  });
});

describe('questions and descriptions inside a step', () => {
  it('keeps what is asked or checked with "if"/"whether" in the step, and a real condition apart', () => {
    expect(titles('then i usually ask if there has been any vomiting then weigh the dog')).toEqual(['Ask if there has been any vomiting', 'Weigh the dog']);
    expect(titles('check the oil if it is low top it up')).toEqual(['Check the oil', 'Top it up if it is low']);
  });

  it('keeps "the brush we keep under the counter" whole, but splits "open the drawer you count the cash"', () => {
    expect(titles('brush out the grounds with the little brush we keep under the counter then put the burr back')).toEqual([
      'Brush out the grounds with the little brush we keep under the counter',
      'Put the burr back',
    ]);
    expect(titles('open the drawer you count the cash')).toEqual(['Open the drawer, count the cash']);
  });
});

describe('compound nouns in speech', () => {
  it('does not take the second noun of "the intake form" for a new instruction', () => {
    expect(titles('so they fill out the intake form on the tablet then you weigh the dog')).toEqual(['Fill out the intake form on the tablet', 'Weigh the dog']);
  });
});

describe('the person named with a phrase', () => {
  it('reads "the teacher on gate duty puts on…" and the same person\'s "and then goes out and opens…"', () => {
    expect(stepsOf('Check the list. The teacher on gate duty puts on the vest and then goes out and opens the gate.')).toEqual([
      { title: 'Check the list', details: '' },
      // Going out, with no place named, is how the teacher gets to the next step, not a step.
      { title: 'Put on the vest', details: 'Done by the teacher on gate duty. Goes out.' },
      { title: 'Open the gate', details: '' },
    ]);
  });
});
