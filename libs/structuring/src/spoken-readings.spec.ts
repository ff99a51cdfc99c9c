import { structureText } from './structure-text';
import { stepsOf, titles, type Case } from './testing/pattern-cases';

// Issue 12, seventeenth pass: what a speaker's words mean, read as a careful editor reads them.
// Each row: the pattern, a description with it, the step titles it gives.

const cases: Case[] = [
  [
    '"well actually no" takes back the action said just before it, the person who does it stays',
    'then one of us checks the pass and signs the log well actually no the office already does that so you just file the pass in the tray',
    ['Check the pass', 'File the pass in the tray'],
  ],
  [
    '"one of us" and its verb is an instruction, as "the manager" and its verb is, and so is its next verb',
    'wait for the bridge to call. one of us checks the pass and signs the log. then we look at the card',
    ['Wait for the bridge to call', 'Check the pass', 'Sign the log', 'Look at the card'],
  ],
  [
    'a thing named after "and then" takes the verb before with its particle; "in that order" says how, not where',
    'so you power on the controller first and then the drone always in that order. then you switch off the fan and then the heater',
    ['Power on the controller', 'Power on the drone always in that order', 'Switch off the fan', 'Switch off the heater'],
  ],
  [
    '"give X a hose down", "a light sand": the plain verb, how said as its adverb; "a final rinse" stays as said',
    'then you give the crates a hose down. then you give the boards a light sand with 80-grit paper. then you give everything a final rinse',
    ['Hose the crates down', 'Lightly sand the boards with 80-grit paper', 'Give everything a final rinse'],
  ],
  [
    'three words or fewer done to "it", "them" or "that" finish the step before, even after a remark',
    'you check the fuel gauge and then type it in. you look for young larvae that tells you she is laying and then write that down',
    ['Check the fuel gauge and type it in', 'Look for young larvae and write that down'],
  ],
  [
    'but not across the writer\'s full stop, after a step done only in a case, nor to undo the step before',
    "you mix the glaze. then stir it. you sieve the glaze if it's lumpy and then stir it. you open the valve until it runs clear then you close it",
    ['Mix the glaze', 'Stir it', "Sieve the glaze if it's lumpy", 'Stir it', 'Open the valve', 'Close it'],
  ],
  [
    'a step with an aside in its title takes the follow-on in its details',
    'you portion it into the shallow trays, the 65 mil ones, and then probe it and then you label the trays',
    ['Portion it into the shallow trays, the 65 mil ones', 'Label the trays'],
  ],
  [
    'a check on things named in the plural takes their bare verb as what is checked; another check is a step of its own',
    'then check their toes go pink again when you press the nail then you tidy up. then walk round the outside check the tyres check all the lights including the blues',
    ['Check their toes go pink again', 'Tidy up', 'Walk round the outside check the tyres', 'Check all the lights including the blues'],
  ],
  [
    'in talk, what not to do on what a check finds is part of the check; a rule after another step stays a step',
    "okay so before a flight um the first thing is you check the wind speed on the app if it's over twenty miles an hour you don't fly then you unpack the drone from the case and then you fit the props and if it's a hot day never leave the batteries in the sun",
    ["Check the wind speed on the app and do not fly if it's over twenty miles an hour", 'Unpack the drone from the case', 'Fit the props', "Never leave the batteries in the sun if it's a hot day"],
  ],
  [
    '"then one of us" and a verb starts a new instruction',
    'we wait for the doors to open then one of us stands at the gate with the clipboard',
    ['Wait for the doors to open', 'Stand at the gate with the clipboard'],
  ],
  [
    '"next is the X" announces the thing the next instructions are about',
    'so leave the spare batteries next is the radio switch it on and let it run its check',
    ['Leave the spare batteries', 'Switch the radio on', 'Let the radio run its check'],
  ],
  [
    'a case cut short at an amount, then "swap it", is the case of the swap',
    'check the gas bottle if it\'s under a quarter swap it for a full one from the cage',
    ['Check the gas bottle', 'Swap it for a full one from the cage if it\'s under a quarter'],
  ],
  [
    '"that" after what there is says which, and "let it soak" after it is the instruction in that case',
    "scrape the tray first if there's grease that won't shift let it soak in the hot water then wipe the tray dry",
    ['Scrape the tray', "Let the grease soak in the hot water if there's grease that won't shift", 'Wipe the tray dry'],
  ],
  [
    'a verb after "not" with no object ends its clause before a bare instruction',
    "put the barrier cream on the hairline so it doesn't stain mix the dye in the bowl and then brush it onto the roots",
    ['Put the barrier cream on the hairline', 'Mix the dye in the bowl', 'Brush it onto the roots'],
  ],
  [
    '"you" after "as" is a subject, and "as you go" closes what it says how to do',
    'move all the stock into the spare fridge and check the dates as you go anything out of date goes in the bin then switch the fridge off',
    ['Move all the stock into the spare fridge', 'Check the dates as you go', 'Put anything out of date in the bin', 'Switch the fridge off'],
  ],
  [
    '"then the forks make sure…": a thing with its article, then a check on it, after "then" is a step of its own',
    'check the tyres for cuts then the ladders make sure they are dry then sign the sheet',
    ['Check the tyres for cuts', 'Make sure they are dry', 'Sign the sheet'],
  ],
  [
    'a state said of them, one or another, ends the clause before the next bare instruction',
    "make sure the straps aren't frayed or twisted clip the harness on then start the engine",
    ["Make sure the straps aren't frayed or twisted", 'Clip the harness on', 'Start the engine'],
  ],
  // Nineteenth pass: a forklift walk-round and a cafe cash-up, narrated.
  [
    '"the till" is the cash till, not "until": "then" after it starts the next step',
    'okay so at close first you print the Z report from the till then you count the notes and coins in the drawer and write the totals on the cash sheet',
    ['Print the Z report from the till at close', 'Count the notes and coins in the drawer', 'Write the totals on the cash sheet'],
  ],
  [
    '"right" after "not" or a state verb is how a thing is, not "right, so…" moving on',
    "right so you walk round the van and check the tyres for cuts and if anything's not right you tag it out of service and tell the supervisor",
    ['Walk round the van', 'Check the tyres for cuts', "Tag it out of service if anything's not right", 'Tell the supervisor'],
  ],
  [
    '"check" read as a thing ("the walk round check") is what is done; "you look at" after it starts a step, and a thing joined on takes "look at" whole',
    'right so before the forklift goes out in the morning you do the walk round check you look at the tyres for cuts and the forks for cracks',
    ['Do the walk round check', 'Look at the tyres for cuts', 'Look at the forks for cracks'],
  ],
  [
    'what someone else thinks is said after their verb ("how long they think they\'ll be off"), no clause of its own',
    "so when someone calls in sick you take their name and how long they think they'll be off and then you check the rota for who's free",
    ["Take their name and how long they think they'll be off", "Check the rota for who's free"],
  ],
  [
    'a piece of work announced as what you do ("the first thing you do is the walk round") is doing it',
    'the first thing you do is the walk round then you check the oil and then you check the tyres',
    ['Do the walk round', 'Check the oil', 'Check the tyres'],
  ],
];

describe('spoken readings', () => {
  it.each(cases)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });

  it('keeps what a thing means whole: "that means it\'s done" is one remark', () => {
    const steps = stepsOf("then you read the gravity and write it down. when it's been the same three days in a row that means it's done so you put it on the crash list");
    expect(steps.map((step) => step.title)).toEqual(['Read the gravity and write it down', 'Put it on the crash list']);
    expect(steps[0]!.details).toBe("When it's been the same three days in a row, that means it's done.");
  });

  it('names the SOP with the work said first with its "-ing" word, then someone at it ("so changing a tyre on the van um you want to…")', () => {
    const sop = structureText('alright so changing a tyre on the van um you want to check the spare first and then you put the hazards on and then you get the jack out');
    expect(sop.title).toBe('Changing a tyre on the van');
    expect(sop.steps.map((step) => step.title)).toEqual(['Check the spare', 'Put the hazards on', 'Get the jack out']);
  });

  it('makes "no waiting around" after a step a remark on it, out of its title', () => {
    const steps = stepsOf('so when a delivery comes in you unload onto the bay and chilled stuff goes in the cold room no waiting around and then you count everything again on the bay');
    expect(steps.map((step) => step.title)).toEqual(['Unload onto the bay', 'Put chilled stuff in the cold room', 'Count everything again on the bay']);
    expect(steps[1]!.details).toBe('No waiting around.');
  });

  it('leads into the next step with getting somewhere ("you get on"), after a particle that ends it', () => {
    const steps = stepsOf('so then you top it up from the blue drum in the store then you get on put your seatbelt on and test the horn and the brakes');
    expect(steps.map((step) => step.title)).toEqual(['Top it up from the blue drum in the store', 'Put your seatbelt on', 'Test the horn and the brakes']);
    expect(steps[0]!.details).toBe('');
    expect(steps[1]!.details).toBe('Get on.');
  });

  it('reads what is not needed as a remark, never as a prohibition', () => {
    const steps = stepsOf("look for eggs mainly. if you see eggs the queen's been there so you don't need to actually find her. then you check for queen cells");
    expect(steps.map((step) => step.title)).toEqual(['Look for eggs mainly', 'Check for queen cells']);
    expect(steps[0]!.details).toContain("don't need to");
    expect(titles("you don't have to sign the sheet. then you file the pass in the tray. don't open the lid")).toEqual(['File the pass in the tray', 'Do not open the lid']);
  });
});
