import { structureText } from './structure-text';
import { stepsOf, titles } from './testing/pattern-cases';

// Runbook and notes patterns (issue 12), each with its own examples.

describe('numbered and bulleted runbooks', () => {
  it('makes a step of an instruction after a dash and a condition in an item ("check … — if not, order …")', () => {
    expect(titles('1. Open the lid of the printer.\n2. Check the drum has no scratches — if it does, order a new drum.\n3. Close the lid.')).toEqual([
      'Open the lid of the printer',
      'Check the drum has no scratches',
      'Order a new drum if it does',
      'Close the lid',
    ]);
  });

  it('keeps what is said with the verb of saying, so "and tell…" after an instruction is a step of its own', () => {
    expect(stepsOf('- Lock the van and tell the dispatcher it is parked.\n- Drop the keys in the box.')).toEqual([
      { title: 'Lock the van', details: '' },
      { title: 'Tell the dispatcher it is parked', details: '' },
      { title: 'Drop the keys in the box', details: '' },
    ]);
  });

  it('reads a heading that opens with a signed number ("-20 cold room …") as a heading, not a bullet', () => {
    const sop = structureText('-20 cold room – door alarm\n\n1. Close the door firmly.\n2. Reset the alarm on the panel.');
    expect(sop.title).toBe('-20 cold room – door alarm');
    expect(sop.steps.map((step) => step.title)).toEqual(['Close the door firmly', 'Reset the alarm on the panel']);
  });

  it('puts a command alone under an item ending on a colon into its title', () => {
    expect(titles('1. Stop the worker:\n   a. `systemctl stop queue-worker`\n   b. Wait until the queue is empty.\n2. Restart the database.')).toEqual([
      'Stop the worker: `systemctl stop queue-worker`',
      'Wait until the queue is empty',
      'Restart the database',
    ]);
  });

  it('reads "question? → instruction" in a sub-item as the instruction, the question its details', () => {
    expect(stepsOf('1. Look at the invoice:\n   - total above the PO? → hold it and email purchasing\n   - stamp it as received\n2. File the invoice.')).toEqual([
      { title: 'Look at the invoice', details: '' },
      { title: 'Hold it and email purchasing', details: 'Total above the PO?' },
      { title: 'Stamp it as received', details: '' },
      { title: 'File the invoice', details: '' },
    ]);
  });

  it('reads "Note the …" opening a sub-item as recording something, and "Note that …" as a remark', () => {
    expect(titles('1. Walk the ward:\n   - Note any broken beds on the sheet.\n   - Check the call buttons.\n2. Hand the sheet to the charge nurse.')).toEqual([
      'Walk the ward',
      'Note any broken beds on the sheet',
      'Check the call buttons',
      'Hand the sheet to the charge nurse',
    ]);
    expect(stepsOf('1. Walk the ward:\n   - Note that bay 4 is closed.\n   - Check the call buttons.\n2. Hand the sheet to the charge nurse.')[0]).toEqual({ title: 'Walk the ward', details: 'Note that bay 4 is closed.' });
  });

  it('reads "Note down …" and "Note on the file …" after a remark in an item as recording something', () => {
    expect(titles('1. Ring the tenant back, using the number on the lease – never one from a text. Note on the file who you spoke to.\n2. Lock the meter cupboard. Note down the reading.\n3. Hand the keys in.')).toEqual([
      'Ring the tenant back, using the number on the lease – never one from a text',
      'Note on the file who you spoke to',
      'Lock the meter cupboard',
      'Note down the reading',
      'Hand the keys in',
    ]);
  });
});

describe('terse notes', () => {
  it('makes a step of the other branch said as an instruction ("…, else call …")', () => {
    expect(titles('courier pickup\nparcels at door 4pm, chk label printed, else call the courier desk\nsign manifest')).toContain('Call the courier desk if not');
  });

  it('makes the thing before a colon the object of a verb followed only by when ("bins: empty Fri 7am")', () => {
    expect(titles('yard jobs\nbins: empty Fri 7am\nlawn: feed 2x/yr')).toEqual(['Empty bins Fri 7am', 'Feed lawn 2x/year']);
  });

  it('keeps a caution fragment ("never …") out of the things to put somewhere', () => {
    const steps = stepsOf('paint mixing\nstir tin 2 min\npour what you need into tray, never back into tin\nlid on tight');
    expect(steps.map((step) => step.title)).not.toContain('Put never back into tin');
    expect(steps.some((step) => /never back into tin/i.test(step.details))).toBe(true);
  });

  it('reads a rule with "=" before an arrow as a rule, not a thing to put somewhere', () => {
    const steps = titles('fruit intake\nweigh crates at gate\nbruised = grade B -> side bin\nlog weights');
    expect(steps.some((title) => /^Put bruised/.test(title))).toBe(false);
  });
});

describe('sub-items under an item that checks', () => {
  it('makes each thing said to be so a step that checks it, and drops a bare "Verify" over them', () => {
    expect(titles('1. Unlock and check the room:\n   a) Booths set up with a pencil.\n   b) Ramp in place if there are steps.\n2. Verify:\n   a) Uplinks up, switch reachable.\n   b) Spot-check a phone and a PC on the floor.\n3. Close the ticket.')).toEqual([
      'Unlock and check the room',
      'Check booths set up with a pencil',
      'Check ramp in place if there are steps',
      'Verify uplinks up, switch reachable',
      'Spot-check a phone and a PC on the floor',
      'Close the ticket',
    ]);
  });

  it('puts a remark after a semicolon in an item into its details ("…later; this can wait until…")', () => {
    const sop = structureText('1. Post an update in #incidents.\n2. Rebuild the old primary as a replica later; this can wait until the next business day.\n3. Close the incident.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Post an update in #incidents', 'Rebuild the old primary as a replica later', 'Close the incident']);
    expect(sop.steps[1]!.details).toBe('This can wait until the next business day.');
  });

  it('keeps a thing named under an instruction in its details, with an aside that instructs', () => {
    const sop = structureText("1. Add them to the right groups:\n   - all-staff\n   - their team's group (ask the manager if unsure)\n2. Order a laptop.");
    expect(sop.steps.map((step) => step.title)).toEqual(['Add them to the right groups', 'Order a laptop']);
    expect(sop.steps[0]!.details).toContain("Their team's group (ask the manager if unsure)");
  });

  it('applies the verb of a bare label to the things under it', () => {
    expect(titles('6. Reconnect:\n   - Uplinks first (ports 49–52)\n   - Then access ports, matching the labels\n7. Power on.')).toEqual(['Reconnect uplinks first', 'Reconnect access ports, matching the labels', 'Power on']);
  });

  it('keeps names listed under an instruction that does not check as its details', () => {
    const sop = structureText('1. Get a description:\n   - top colour\n   - hair colour, height\n2. Radio security.');
    expect(sop.steps.map((step) => step.title)).toEqual(['Get a description', 'Radio security']);
  });
});

// Tenth pass: "look, don't touch:" over things to look at heads checks, as "Check" does.
describe('a look over things to look at', () => {
  it('checks each, asked or said, and how they are looked at goes to the first check', () => {
    expect(stepsOf('SUBSTATION\non site:\n- unlock, prop door open\n- look don\'t touch:\n  * oil leaks under TX\n  * RMU SF6 gauge in green?\n- photo every defect').slice(1, 3)).toEqual([
      { title: 'Check oil leaks under TX', details: "Look don't touch." },
      { title: 'Check RMU SF6 gauge in green', details: '' },
    ]);
  });
});

describe('how a thing must be, under a check', () => {
  it('is checked', () => {
    expect(titles('1. Scan the order.\n2. Inspect each item:\n   a) The battery must be installed in the device.\n   b) All seals must be intact.\n3. Choose a box.')).toEqual([
      'Scan the order',
      'Inspect each item',
      'Check the battery is installed in the device',
      'Check all seals are intact',
      'Choose a box',
    ]);
  });
});

describe('a later instruction in an item, after a remark', () => {
  it('is a step of its own', () => {
    expect(titles('1. Choose a rigid box.\n2. Pack so the device cannot move: void fill all round, and tape over power buttons if they are exposed.\n3. Apply the label.')).toEqual([
      'Choose a rigid box',
      'Pack so the device cannot move: void fill all round',
      'Tape over power buttons if they are exposed',
      'Apply the label',
    ]);
  });

  it('keeps a condition with its action when a long title is shortened', () => {
    expect(stepsOf("1. Get the bundle.\n2. Check the file size – under 50MB for the tribunal's email limit; if over, split into Volume 1 / Volume 2.")[1]).toEqual({
      title: "Check the file size – under 50MB for the tribunal's email limit",
      details: 'If over, split into Volume 1 / Volume 2.',
    });
  });

  it('keeps a kind of thing before an arrow in the title, as what the step is for', () => {
    expect(titles('1. Take the laptop in.\n2. Water-damaged laptops → send to the repair partner, don\'t power them on.\n3. Print the ticket.')).toEqual([
      'Take the laptop in',
      "For water-damaged laptops, send to the repair partner, don't power them on",
      'Print the ticket',
    ]);
  });

  it('never shortens a long title to the label before its instruction', () => {
    expect(stepsOf('1. Get the form.\n2. Night shift only: walk the perimeter fence and check every padlock on the loading bay gates before you sign the log.')[1]).toEqual({
      title: 'Night shift only: walk the perimeter fence and check every padlock on the loading bay gates',
      details: 'Before you sign the log.',
    });
  });
});

describe('a branch among sub-items', () => {
  it('heads the sub-items after it; a verb alone and a prohibition after a question are steps', () => {
    expect(titles("1. Compare with the running balance.\n2. If it matches: sign the register entry.\n   If it doesn't match:\n   a) Recount.\n   b) Check the last few entries for arithmetic errors.\n   c) Still out? Tell the pharmacist. Do NOT alter the register.\n3. Return the product.")).toEqual([
      'Compare with the running balance',
      'Sign the register entry if it matches',
      "Recount if it doesn't match",
      'Check the last few entries for arithmetic errors',
      'Tell the pharmacist',
      'Do not alter the register',
      'Return the product',
    ]);
  });

  it('reads a verb of recording or telling under a check and its condition as an instruction, not a thing to check', () => {
    expect(titles("1. Check the bike's frame for cracks. If it's carbon:\n   a) Explain we can't warranty it without an inspection.\n   b) Tick yes/no for the inspection on the job card.\n2. Fit the new chain.")).toEqual([
      "Check the bike's frame for cracks",
      "Explain we can't warranty it without an inspection",
      'Tick yes/no for the inspection on the job card',
      'Fit the new chain',
    ]);
  });
});

// Fourteenth pass: call-handling runbooks: what to say, quoted after a colon, and sub-items that only route.
describe('what to say, and where to go on', () => {
  it('keeps a quoted question after "Ask:" in the title, quotes whole', () => {
    expect(titles("1. Take the caller's name.\n2. Ask: 'Is the smell inside or outside the property?'\n3. Give the safety advice.")).toEqual([
      "Take the caller's name",
      "Ask: 'Is the smell inside or outside the property?'",
      'Give the safety advice',
    ]);
  });

  it('reads sub-items that only say which step comes next as the details of their step', () => {
    const steps = stepsOf("1. Ask: 'Is the smell inside or outside?'\n   - Inside: go to step 2.\n   - Outside only: skip to step 3.\n2. Give the safety advice.\n3. Note any access issues.");
    expect(steps.map((step) => step.title)).toEqual(["Ask: 'Is the smell inside or outside?'", 'Give the safety advice', 'Note any access issues']);
    expect(steps[0]!.details).toBe('Inside: go to step 2. Outside only: skip to step 3.');
  });
});
