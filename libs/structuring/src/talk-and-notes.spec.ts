import { stepsOf, titles, type Case } from './testing/pattern-cases';
import { structureText } from './structure-text';

// Issue 12, eighth pass: patterns two new blind batches (s29, holdout-s30) and the development
// set showed. Each row: the pattern, a description with it, the step titles it gives.

const speech: Case[] = [
  [
    '"otherwise you …" in talk goes on with the procedure: a step',
    'first you check the card otherwise you take a pre auth of fifty dollars on the card then you give them the key',
    ['Check the card', 'Take a pre auth of fifty dollars on the card', 'Give them the key'],
  ],
  [
    '"make sure you\'ve wiped …" is the instruction to wipe, and "before any of that" opens it',
    "then you weigh the dog oh and before any of that make sure you've wiped down the counter and the scale",
    ['Wipe down the counter and the scale', 'Weigh the dog'],
  ],
  [
    '"one of you guiding her" stays in its step; "both of you check" is a step of its own',
    'then lift, move her over to the chair, one of you guiding her. attach the loops first then the legs, and both of you check every loop is on the same colour',
    ['Lift and move her over to the chair, one of you guiding her', 'Attach the loops first then the legs', 'Check every loop is on the same colour'],
  ],
  [
    'where a thing goes "through" or "just" goes is sending or putting it there',
    'so you stick a label on each bag. the bags go through to the sorting room. the takeaway ones just go in recycling.',
    ['Stick a label on each bag', 'Send the bags to the sorting room', 'Put the takeaway ones in recycling'],
  ],
  [
    'what people in general think or feel next is a remark; a correction begun before the next step is dropped',
    'go to the jenkins page and make sure the executor is idle, or actually, better, put the node offline first. bring the node back online at the end, people forget that and then wonder why the queue is backing up, and drop a line in the ticket',
    ['Go to the jenkins page', 'Make sure the executor is idle', 'Put the node offline first', 'Bring the node back online', 'Drop a line in the ticket'],
  ],
  [
    'a day and a time, then someone doing something, opens a step; the time is no thing that goes somewhere',
    'you send the reminder on thursday, then friday at 3 you take everything out of the fridge',
    ['Send the reminder on thursday', 'Take everything out of the fridge friday at 3'],
  ],
  [
    'after a comma, a verb the tagger read as a noun, before "both" and a noun, opens a step',
    "let it dry properly, if there's any damp it won't stick, tape both sides, then leave a 5 mil gap",
    ['Let it dry properly', 'Tape both sides', 'Leave a 5 mil gap'],
  ],
  [
    'where "they" go, said at length or "on" a named place, is putting them there',
    'they go on their own mat, the named ones, always on their backs to start with',
    ['Put them on their own mat, the named ones, always on their backs'],
  ],
  [
    'a thing named first, then someone doing a verb to nothing else, is what the verb is done to',
    'you wipe the line down with sanitiser. floors you sweep. the old labels we peel off. then you lock up',
    ['Wipe the line down with sanitiser', 'Sweep floors', 'Peel the old labels off', 'Lock up'],
  ],
  [
    'after "first thing … is", things named are the step as said, even where the tagger read a noun as a past tense',
    'so you go out, first thing when you get there is photos, wide shot showing where it is, then you put your gloves on',
    ['Photos, wide shot showing where it is', 'Put your gloves on'],
  ],
  [
    'after a clause that says when, with its own subject and verb, the next subject and verb are the instruction',
    "then you sign them in while they're doing that i usually print the wristband then you take them through. before i touch anything i ask for id",
    ['Sign them in', 'Print the wristband and take them through', 'Ask for id'],
  ],
  [
    '"have a look at" is an instruction after a clause that says when',
    'when you bring the horse back in have a look at its legs then you hang the hay net',
    ['Check its legs', 'Hang the hay net'],
  ],
  [
    '"do" before what is done is an instruction',
    'if the ammonia shows anything at all do another small water change tomorrow then you log it',
    ['Do another small water change tomorrow if the ammonia shows anything at all', 'Log it'],
  ],
];

const prose: Case[] = [
  [
    'the same person\'s list of verbs gives a step each, even where the tagger read a verb as a noun',
    'Once approved, the officer takes the £10 fee through the payment screen, orders the badge on the system, and records the decision in the case notes.',
    ['Take the £10 fee through the payment screen', 'Order the badge on the system', 'Record the decision in the case notes'],
  ],
  [
    'a condition ends with its place, and two passives joined by "and" are two steps',
    'If it isn\'t in our area the application is rejected with the standard letter and the applicant is told which council to apply to.',
    ['Reject the application with the standard letter if it isn\'t in our area', "Tell the applicant which council to apply to if it isn't in our area"],
  ],
  [
    'someone acted on, then "to" and a verb, is what they are to do, not a new clause',
    'The AP clerk then phones the supplier to confirm the request.\nSecurity to cover all exits within 2 minutes.',
    ['Phone the supplier to confirm the request', 'Cover all exits within 2 minutes'],
  ],
  [
    'what the writer means to say, and "following" as a preposition, are no steps; a passive\'s subject keeps "first" and "to …"',
    'Following the near miss last month, I want to restate how we handle these requests. Ask to speak to the person we normally deal with and confirm the last invoice. Finally, the first payment to the new account should be approved by me or Mark.',
    ['Ask to speak to the person we normally deal with', 'Confirm the last invoice', 'Get the first payment to the new account approved by me or Mark'],
  ],
  ['someone having another do it, said of them, is having it done', 'The shift lead greets them at the side entrance and has them sign the volunteer waiver.', ['Greet them at the side entrance', 'Have them sign the volunteer waiver']],
  [
    'a first aider, a fee earner or the office doing things instruct; a role before a semicolon has no verb after it',
    'The first aider records the time in the accident book. The office then phones the parent the same day. Afterwards the fee earner scans a copy to the matter. The invigilator collects the packs from the Exams Office; packs must never be left unattended.',
    ['Record the time in the accident book', 'Phone the parent the same day', 'Scan a copy to the matter', 'Collect the packs from the Exams Office', 'Never leave packs unattended'],
  ],
  [
    'someone said with where they work, a modal and a verb the tagger read as a noun, instructs',
    'When a child bumps their head, the adult on duty should first check whether the child is conscious.',
    ['Check whether the child is conscious'],
  ],
  ['whoever does it, then their verbs, instructs', 'Whoever is on the desk answers the phone and logs the call in the book.', ['Answer the phone', 'Log the call in the book']],
  ['everyone acted on is acted on as a thing is', 'Everyone else is assessed against the eligibility criteria. Then phone them.', ['Assess everyone else against the eligibility criteria', 'Phone them']],
  [
    '"it should first be logged on …" is logging it, and a preposition\'s object opens no clause',
    'When a change request comes in, it should first be logged on the supplier changes tracker. Then phone the supplier.',
    ['Log it on the supplier changes tracker', 'Phone the supplier'],
  ],
];

const sameStep: Case[] = [
  [
    'in a sentence, a short instruction right after a short one, with no "then", "and" or condition between, is the same step',
    'you tip out the excess, scrape the tops clean, then you leave it to set',
    ['Tip out the excess, scrape the tops clean', 'Leave it to set'],
  ],
  ['not after a check (a piece of two words joins it all the same)', 'you look at the foam, replace it, then you wipe the tray', ['Look at the foam and replace it', 'Wipe the tray']],
  ['not across lines of notes', 'sign it\nfile it', ['Sign it', 'File it']],
];

const runbooks: Case[] = [
  [
    'a later sentence of an item that gives the other case, with a time after its instructions, is a step; "by email" is no instruction',
    '1. Check the denture pot has the resident\'s name. If it doesn\'t, get a new pot from the store and label it before going on.\n2. Confirm the request came through the portal form. If it came by email or Teams, reply asking them to use the form.',
    [
      "Check the denture pot has the resident's name",
      "Get a new pot from the store and label it before going on if it doesn't",
      'Confirm the request came through the portal form',
      'Reply asking them to use the form if it came by email or Teams',
    ],
  ],
];

const titles8: Case[] = [
  [
    '"as soon as it arrives" stays whole; "with:" over what it lists leaves the title',
    '1. Log the request in the job tracker as soon as it arrives (even if we might decline it).\n2. Submit the request on the booking portal with:\n   * the agreed date and times\n   * the topic',
    ['Log the request in the job tracker as soon as it arrives', 'Submit the request on the booking portal', 'The agreed date and times'],
  ],
];

const notes: Case[] = [
  [
    'lines of notes above bulleted ones that say what to do are steps',
    'Noise complaints – new case\n1st contact: log on APP → ref no.\nsend diary pack w/in 5 days\nreturned:\n* fewer than 3 incidents → close, letter\n* 3+ → letter to source',
    ['Log 1st contact on APP → ref no', 'Send diary pack within 5 days', 'Close, letter', '3+; letter to source'],
  ],
  [
    'what cannot be done, before an arrow, is the case of the instruction after it',
    "RTW checks\n- save to personnel file\n- can't verify → DO NOT start, email Priya\n- card won't read -> take cash",
    ['Save to personnel file', "Do not start if you can't verify", 'Email Priya', "Take cash if card won't read"],
  ],
  [
    'a line of notes with an arrow above the bullets heads nothing: it is a note',
    'Late arrivals\nafter 8.50 → send all pupils via main office\n- lunch choice → tell kitchen by 9.30',
    ['Send all pupils via main office', 'Lunch choice: tell kitchen by 9.30'],
  ],
  ['after a case and "=", a lone verb is an instruction; "name = date" is a rule', 'glass check\n- check chips\n- chipped = bin\n- 5% off = investigate\n- name = date', ['Check chips', 'Bin if chipped', 'Investigate if 5% off']],
  ['a number before "=" is a case of the instruction after it', 'trap check\n- count whitefly\n- 20 on any trap = order Encarsia\n- log count', ['Count whitefly', 'Order Encarsia if 20 on any trap', 'Log count']],
  ['an emergency number alone in notes is calling it', 'Resident fall\n- check breathing → if not = 999 + start CPR\n- tell nurse', ['Check breathing', 'If not, call 999', 'Start CPR', 'Tell nurse']],
  ['a state with what it is not ("dimmed not off") is still done to the thing', 'nap room\n- mats out\n- lights dimmed not off', ['Remove mats', 'Dim lights not off']],
];

describe('patterns of the eighth pass', () => {
  it.each([...speech, ...prose, ...sameStep, ...runbooks, ...titles8, ...notes])('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });

  it('keeps what a line of notes above the bullets says about them as context', () => {
    const sop = structureText('Kennel clean\nsame as the weekday one really, just with the yard\ncrew of 3 at 6:30\n- dogs out to run\n- hose floor');
    expect(sop.title).toBe('Kennel clean');
    expect(sop.context).toBe('Same as the weekday one really, just with the yard.');
  });
});

// Tenth pass: "that" after a preposition is its object; the speaker's next subject and verb start anew.
describe('a demonstrative after a preposition, in talk', () => {
  it('ends its clause before the next instruction', () => {
    expect(titles("then you collect the costumes from the dressing rooms that's not us so don't worry about that we just check the fire exits are clear then you sign the show report")).toEqual([
      'Collect the costumes from the dressing rooms',
      'Check the fire exits are clear',
      'Sign the show report',
    ]);
  });
});

describe('a compound noun whose last word can be a verb, in talk', () => {
  it('stays whole before a preposition', () => {
    expect(titles('then you write the keg change on the sheet by the till and you do a smoke test on staging')).toEqual(['Write the keg change on the sheet by the till', 'Do a smoke test on staging']);
  });
});

describe('"till" and a state, in talk', () => {
  it('stays with the step it says how long to do', () => {
    expect(titles('then you flush it to the gully till it runs clear, take a turbidity reading on the meter. then you let the gel cool on the bench about five minutes, till you can hold the flask in your hand')).toEqual([
      'Flush it to the gully till it runs clear',
      'Take a turbidity reading on the meter',
      'Let the gel cool on the bench about five minutes, till you can hold the flask in your hand',
    ]);
  });
});

describe('a word cut off with a dash, then a correction', () => {
  it('takes back the clause it started, and the instruction after it is a step', () => {
    expect(titles("it's not that bad once you've done it a couple of times so end of the day right you first- actually no even before the end of the day, don't top up the hopper after four o'clock. so at close you switch it from auto to wash")).toEqual([
      "Do not top up the hopper after four o'clock",
      'Switch it from auto to wash at close',
    ]);
  });
});

describe('"and" before a when-clause, in talk', () => {
  it('leaves the when-clause opening, and the instruction after it is a step', () => {
    expect(stepsOf("then sign the key back in. oh and before you leave the room ask them if everything's there, and note it on the form if they say something's missing")).toEqual([
      { title: 'Sign the key back in', details: '' },
      { title: "Ask them if everything's there", details: 'Before you leave the room.' },
      { title: "Note it on the form if they say something's missing", details: '' },
    ]);
  });
});

describe('talk that says no step of its own', () => {
  it('reads "listen", going on ("crack on") and the rest of the last step ("then all the way") as no step', () => {
    expect(titles("right so listen, first you isolate the pump at the panel, then you test it's dead so you know the tester didn't die on you halfway through, and then you can crack on. open the inlet valve a quarter turn first, let it settle, then all the way.")).toEqual([
      'Isolate the pump at the panel',
      "Test it's dead",
      // ("let it settle" only finishes the step on the valve.)
      'Open the inlet valve a quarter turn and let it settle',
    ]);
  });
});

describe('what will happen, in talk', () => {
  it('reads "you\'ll waste…", "you\'ll see the gauge go green" as outcomes in the details, not steps', () => {
    expect(stepsOf("then you open the drain cock until the water runs clear you'll waste maybe a bucket that's normal and then you close it. open the feed valve slowly and you'll see the gauge go green then lock the cabinet")).toEqual([
      { title: 'Open the drain cock', details: "Until the water runs clear. You'll waste maybe a bucket. That's normal." },
      { title: 'Close it', details: '' },
      { title: 'Open the feed valve slowly', details: "You'll see the gauge go green." },
      { title: 'Lock the cabinet', details: '' },
    ]);
  });
});

describe('what others claim, in talk', () => {
  it('is what happens, in the details, not a step ("then they say we broke it")', () => {
    expect(titles("test the screen before you take it in cos sometimes it's already cracked and then they say we scratched it. note that down on the ticket. then hand them the receipt")).toEqual([
      'Test the screen',
      'Note that down on the ticket',
      'Hand them the receipt',
    ]);
  });
});

describe('a story the speaker tells, in talk', () => {
  it('("I\'ve seen a lad lose…", "we had a guy lose…") goes in the details, and no step is made of what happened in it', () => {
    expect(stepsOf("isolate the saw at the wall and pull the plug, I've seen a lad lose the end of a finger. then check every drawer yourself, we had a guy lose a set of keys. then lock up")).toEqual([
      { title: 'Isolate the saw at the wall', details: '' },
      { title: 'Pull the plug', details: "I've seen a lad lose the end of a finger." },
      { title: 'Check every drawer yourself', details: 'We had a guy lose a set of keys.' },
      { title: 'Lock up', details: '' },
    ]);
  });
});

describe('someone doing something after a step, in talk', () => {
  it('is no object for the verb before ("…then the line manager gets an email" is no "Pick the line manager…")', () => {
    expect(stepsOf('then you pick the dates and the type of leave then the line manager gets an email and you wait for the approval')).toEqual([
      { title: 'Pick the dates and the type of leave', details: 'The line manager gets an email.' },
      { title: 'Wait for the approval', details: '' },
    ]);
  });
});

describe('what the talk is about, said before its first step', () => {
  it('names the SOP ("right so fuel delivery um basically first you…", "closing the bar at night what you do is…"), no step', () => {
    const delivery = structureText('right so fuel delivery um basically first you check the dip reading on the tank then you sign the driver in at the gate');
    expect(delivery.title).toBe('Fuel delivery');
    expect(delivery.steps.map((step) => step.title)).toEqual(['Check the dip reading on the tank', 'Sign the driver in at the gate']);
    const bar = structureText('okay so closing the bar at night what you do is um first you bag the tills then you lock the cellar door');
    expect(bar.title).toBe('Closing the bar at night');
    expect(bar.steps.map((step) => step.title)).toEqual(['Bag the tills', 'Lock the cellar door']);
  });

  it('is a step when it instructs ("check the oil first then…")', () => {
    expect(titles('right so check the oil level um then you top up the coolant')).toEqual(['Check the oil level', 'Top up the coolant']);
  });

  it('keeps a prefix said apart from its word in the name ("the pre start check on the crane…" is no step "Check on the crane")', () => {
    const crane = structureText('alright the pre start check on the crane you do this every shift before you lift anything so first you walk round the outriggers');
    expect(crane.steps.map((step) => step.title)).toEqual(['Walk round the outriggers']);
    expect(crane.context).toMatch(/^The pre start check on the crane/);
  });
});

describe('words left at the end of a title', () => {
  it.each<Case>([
    ['a "just" before a prohibition: the prohibition\'s', "check the forecast if it's over forty knots just don't launch then you rig the boat", ['Check the forecast', "Do not launch if it's over forty knots", 'Rig the boat']],
    ['"just in case" stays whole', 'back up the database just in case then you run the upgrade', ['Back up the database just in case', 'Run the upgrade']],
  ])('%s', (_pattern, text, expected) => expect(titles(text)).toEqual(expected));

  it('drops a "because" left before a case ("…max cos if there\'s a group arriving we need the room")', () => {
    expect(stepsOf("give them till noon max cos if there's a group arriving we need the room then you print the invoice")).toEqual([
      { title: 'Give them till noon max', details: "If there's a group arriving, we need the room." },
      { title: 'Print the invoice', details: '' },
    ]);
  });
});

describe('what is asked, and what answers it', () => {
  it('keeps one more thing asked ("ask about allergies, or if they\'re pregnant") in the question', () => {
    expect(titles("first you ask about any allergies, or if they're pregnant, then you patch test behind the ear")).toEqual(["Ask about any allergies, or if they're pregnant", 'Patch test behind the ear']);
  });

  it('leads the step with the answer to the question before ("If yes, tell them…", "If not, rebook")', () => {
    expect(titles('1. Ask whether anyone in the flat has a headache. If yes, tell them to call 999.\n2. Ask if the boiler has been serviced. If not, book a service.')).toEqual([
      'Ask whether anyone in the flat has a headache',
      'If yes, tell them to call 999',
      'Ask if the boiler has been serviced',
      'If not, book a service',
    ]);
  });

  it('keeps "OK" that is waited for ("wait for OK") in notes', () => {
    expect(titles('- send proof to customer → wait for OK, don\'t print till signed off\n- load plates')).toEqual(['Send proof to customer', "Wait for OK, don't print till signed off", 'Load plates']);
  });

  it('reads "after" after an article as a name ("with the after sun gel"), not a trigger', () => {
    expect(titles('then wipe the skin with the after sun gel and apply the lotion')).toEqual(['Wipe the skin with the after sun gel', 'Apply the lotion']);
  });
});

describe('the speaker finishing, in talk', () => {
  it('("…and that\'s me done the biscuits are optional") ends what was said; what follows is no step "Do the biscuits…"', () => {
    expect(stepsOf("then you put the lid back on and write the date on the card inside and that's me done the biscuits are optional but always appreciated")).toEqual([
      { title: 'Put the lid back on', details: '' },
      { title: 'Write the date on the card inside', details: 'The biscuits are optional but always appreciated.' },
    ]);
  });

  it('a thing named before a case ("…and oil if it\'s below the mark top it up") leaves the case with its step', () => {
    expect(titles("log the readings on the tablet and that's you done oh and oil if it's below the mark top it up before you go out")).toEqual(['Log the readings on the tablet', "Top it up if it's below the mark"]);
  });
});

describe('a remark after a step, in talk', () => {
  it.each<Case<{ title: string; details: string }[]>>([
    ['"that\'s …" after the step', "you always go out two people never one on their own that's for safety then you check the band", [
      { title: 'Go out two people never one on their own', details: "That's for safety." },
      { title: 'Check the band', details: '' },
    ]],
    ['a thing and what it is, after the one it is not', 'then you wipe the mirrors with the green cloth not the red one the red cloths are only ever for toilets then you mop the floor', [
      { title: 'Wipe the mirrors with the green cloth not the red one', details: 'The red cloths are only ever for toilets.' },
      { title: 'Mop the floor', details: '' },
    ]],
    ['"one\'s" after its adjective', "then you fill it from the blue tap not the grey one the grey one's the rainwater then you put the lid on", [
      { title: 'Fill it from the blue tap not the grey one', details: "The grey one's the rainwater." },
      { title: 'Put the lid on', details: '' },
    ]],
  ])('goes in its details: %s', (_pattern, text, expected) => expect(stepsOf(text)).toEqual(expected));

  it('"just" and a bare verb after an object start the next step ("…cut the branch just follow the naming in the wiki"), not "just use…", which says how', () => {
    expect(titles('then you cut the release branch just follow the naming in the wiki then you bring the water to the same temperature as the tank just use the thermometer')).toEqual([
      'Cut the release branch',
      'Follow the naming in the wiki',
      'Bring the water to the same temperature as the tank just use the thermometer',
    ]);
  });

  it('keeps what is assumed with "assuming" ("so assuming it\'s fine you sign…")', () => {
    expect(titles("then you flag them and call the courier desk so assuming it's fine you sign the sheet")).toEqual(["Flag them and call the courier desk so assuming it's fine", 'Sign the sheet']);
  });
});

describe('a text that stops short', () => {
  it.each([
    ['an announcement with nothing after it', 'right so release day um basically first you make sure'],
    ['a case at the very end, in notes read out', 'greenhouse am vents open if 18 c water seedlings first fine rose trays from bottom tomatoes feed tues fri 10ml per can check for aphids undersides of leaves spray soap mix only if found shade paint not till june close door if wind'],
    ['"just" at the very end', 'then you cut the release branch just'],
  ])('still drafts: %s', (_pattern, text) => {
    expect(() => structureText(text)).not.toThrow();
    expect(structureText(text).steps.every((step) => /\p{L}/u.test(step.title))).toBe(true);
  });
});

describe('"the on call", said', () => {
  it('is the person on call, one word ("ping the on call in the channel"), not "Ping the on" and "Call in the channel"', () => {
    expect(titles('then you ping the on call in the support channel if they say the whole site is down then you close the ticket')).toEqual([
      'Ping the on-call in the support channel if they say the whole site is down',
      'Close the ticket',
    ]);
  });
});

describe('a verb and its "-ing" complement, in talk', () => {
  it('ends where the next bare verb starts ("don\'t keep trying turn the gas off")', () => {
    expect(titles("if the pilot hasn't lit after three tries don't keep trying turn the gas off and ring the engineer then you close the cover")).toEqual([
      "Do not keep trying if the pilot hasn't lit after three tries",
      'Turn the gas off',
      'Ring the engineer',
      'Close the cover',
    ]);
  });
});

// Fourteenth pass: in speech, where the tagger takes a preposition for a verb, and after a verb with its particle alone.
describe('speech that runs one step into the next', () => {
  it('starts a step at a verb on "them", whatever the tagger made of the preposition after it', () => {
    expect(titles('then you collect all the keys count them against the key list and then you lock up')).toEqual(['Collect all the keys', 'Count them against the key list', 'Lock up']);
  });

  it('starts a step after a verb and its particle said alone ("drive off")', () => {
    expect(stepsOf('then you drive off dump the snow in the pit and then you park it').map((step) => step.title)).toEqual(['Drive off and dump the snow in the pit', 'Park it']);
  });

  it('not after "have on": "the number we have on file" is one thing', () => {
    expect(titles('you send a code to the phone number we have on file in workday and then you wait')).toEqual(['Send a code to the phone number we have on file in workday', 'Wait']);
  });
});
