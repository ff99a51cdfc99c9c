import { stepsOf, titles, type Case } from './testing/pattern-cases';
import { structureText } from './structure-text';

// Issue 12, seventh pass: what a clause lists or is for stays with it, in speech and in lists.
// Each row: the pattern, a description with it, the steps (title and details) it gives.

type StepCase = Case<{ title: string; details: string }[]>;

const cases: StepCase[] = [
  [
    '"so they don\'t…" after an instruction is what it is for, not a prohibition',
    "then you wipe the plate with oil so they don't rust, and then sign the sheet",
    [
      { title: 'Wipe the plate with oil', details: "So they don't rust." },
      { title: 'Sign the sheet', details: '' },
    ],
  ],
  ['"so don\'t…" with no subject still forbids', "so don't leave it unlocked", [{ title: 'Do not leave it unlocked', details: '' }]],
  ['"don\'t forget to…" is doing it, not a prohibition', "so don't forget to lock it", [{ title: 'Lock it', details: '' }]],
  [
    'things named between commas go on with the list, whatever verb the tagger sees in them',
    'then you sign the cleaning sheet on the back door, date, time, your initials, and then you go home',
    [
      { title: 'Sign the cleaning sheet on the back door, date, time, your initials', details: '' },
      { title: 'Go home', details: '' },
    ],
  ],
  [
    'a list of things after a colon stays with the instruction that asks for them',
    '1. Greet them.\n2. Record every refusal in the refusals book: date, time, item, description of the person.\n3. Close the till.',
    [
      { title: 'Greet them', details: '' },
      { title: 'Record every refusal in the refusals book: date, time, item, description of the person', details: '' },
      { title: 'Close the till', details: '' },
    ],
  ],
  [
    'a thing named before a comma is the topic of the instruction after it: "them" is that thing',
    'then you stagger the joints and then the rails, nail them on, two nails per end. the tops of the posts, cut them at an angle.',
    [
      { title: 'Stagger the joints', details: '' },
      { title: 'Nail the rails on, two nails per end', details: '' },
      { title: 'Cut the tops of the posts at an angle', details: '' },
    ],
  ],
  [
    'with no "it" or "them" after it, the topic leads into the instruction',
    "then you cut the foam. then the fabric, check the pattern's straight.",
    [
      { title: 'Cut the foam', details: '' },
      { title: "Check the pattern's straight", details: 'The fabric.' },
    ],
  ],
  [
    'when or where said before "you" and its verb goes after the instruction, or in the details after a comma',
    'then fill the middle with hearting. every tier you put a ratchet strap across to the rails. about halfway up you put your throughstones in, about a metre apart. when you get there you sign in.',
    [
      { title: 'Fill the middle with hearting', details: '' },
      { title: 'Put a ratchet strap across to the rails every tier', details: '' },
      { title: 'Put your throughstones in, about a metre apart', details: 'About halfway up.' },
      { title: 'Sign in', details: 'When you get there.' },
    ],
  ],
  [
    '"so nobody…" after an instruction is what it is for',
    'you put a red dot on anything staying so nobody loads the wrong wardrobe. then you protect the house.',
    [
      { title: 'Put a red dot on anything staying', details: 'So nobody loads the wrong wardrobe.' },
      { title: 'Protect the house', details: '' },
    ],
  ],
  [
    'what someone else does for the team ("pays us", "tell us") explains; it is no step',
    'you weigh the scrap on the platform scale, the merchant pays us by the kilo. the drivers need to tell us the yard number',
    [{ title: 'Weigh the scrap on the platform scale', details: 'The merchant pays us by the kilo. The drivers need to tell us the yard number.' }],
  ],
  [
    'a thing named before a comma, then "you" and an instruction: "it" is that thing, or it leads into the step',
    'then clothes, you check the labels and you empty the pockets, you know, people leave all sorts. then the jackets, you hang them on the rail.',
    [
      { title: 'Check the labels', details: 'Clothes.' },
      { title: 'Empty the pockets', details: 'People leave all sorts.' },
      { title: 'Hang the jackets on the rail', details: '' },
    ],
  ],
  [
    '"you\'ll … otherwise" is a warning on the step before, not an instruction',
    "take one out, shake it a bit and test it on your own wrist first, you'll burn someone otherwise, it's happened.",
    [
      { title: 'Remove one, shake it a bit', details: '' },
      { title: 'Test it on your own wrist', details: "You'll burn someone otherwise. It's happened." },
    ],
  ],
  [
    'where the next step is done leads into it, and "always" before its verb does not hide it',
    'Wash the cups. Back at the depot, unload the van. Out on the route, always work in pairs and stay within sight of the van.',
    [
      { title: 'Wash the cups', details: '' },
      { title: 'Unload the van', details: 'Back at the depot.' },
      { title: 'Always work in pairs', details: 'Out on the route.' },
      { title: 'Stay within sight of the van', details: '' },
    ],
  ],
  [
    'a verb whose preposition ends the clause describes the thing before it ("any service you can get at")',
    'then you connect the genny to any service you can get at, like a stop tap. then you sweep the area.',
    [
      { title: 'Connect the genny to any service you can get at', details: 'Like a stop tap.' },
      { title: 'Sweep the area', details: '' },
    ],
  ],
  [
    'what is held in a state ("hold the skin taut") is not what "it" then means',
    'hold the skin taut and rip it off against the growth, low and fast',
    [
      { title: 'Hold the skin taut', details: '' },
      { title: 'Rip it off against the growth, low and fast', details: '' },
    ],
  ],
  [
    'what things then do, with nothing acted on ("then they rust"), is what happens, not a step',
    'so you scrub them with the white brush, the green one scratches the plates and then they rust. then you dry them.',
    [
      { title: 'Scrub them with the white brush, the green one scratches the plates', details: 'They rust.' },
      { title: 'Dry them', details: '' },
    ],
  ],
  [
    '"\'s" before a change of state is "has": "now the weather\'s turned" is no passive instruction',
    "Thanks for signing up, it makes a real difference, especially now the weather's turned. Please arrive at the depot by 8.30pm.",
    [{ title: 'Arrive at the depot by 8.30pm', details: '' }],
  ],
];

// The first instruction of a talk, which the opening had swallowed into the context.
const openings: Case[] = [
  ['a long run of things named after "then" is a step as said, whatever describes it after "where"', 'you spray the tacky spray and let it dry then heel and lace pads on the front of the ankle and the back of the heel where it rubs then you close it up', ['Spray the tacky spray', 'Let the tacky spray dry', 'Heel and lace pads on the front of the ankle and the back of the heel where it rubs', 'Close it up']],
  ['"first off" opens the first instruction', 'end of day on the mincer, right, so first off switch it off at the wall and pull the plug. then you take the ring off.', ['Switch it off at the wall', 'Pull the plug', 'Take the ring off']],
  ['"first thing you" + verb opens it', "okay so going up through a lock, so that's uphill, um, first thing you drop your crew off at the landing. then you open the gate.", ['Drop your crew off at the landing', 'Open the gate']],
  ['"last thing" or "next thing", with or without a comma, opens it as "first thing" does', 'so you cash up and then last thing, lock the back door. next thing you set the alarm', ['Cash up', 'Lock the back door', 'Set the alarm']],
  ['between "I" or "you" and "it", a word the tagger took for a noun is the verb', 'then the towels, I steam them and fold them', ['Steam the towels and fold them']],
  ['"and only then" opens the next step; "try and" / "go and" join two verbs said as one', 'chain the stands together in pairs and only then release the slings. then go and get the keys from the office', ['Chain the stands together in pairs', 'Release the slings', 'Go and get the keys from the office']],
  ['in talk typed as heard, a word said in passing ("listen,") is no step', "okay so the alarm panel, you put your code in first, listen, it beeps twice if it's armed. then you walk the floor and check every fire door is shut, and then you turn the lights off at the board by the back door and you lock up.", ['Put your code in', 'Walk the floor', 'Check every fire door is shut', 'Turn the lights off at the board by the back door and lock up']],
  ['a verb before "if" asks; "if so" is a whole condition; "gloves on." said alone is a step', "first check the card. ask if they've used retinol in the last two days, and if so we rebook. gloves on. cleanse the legs.", ['Check the card', "Ask if they've used retinol in the last two days", 'If so, rebook', 'Put gloves on', 'Cleanse the legs']],
  ['"the first job is to" announces a step; "step off" is a verb, not a numbered step; "everyone forgets" describes', 'At each gate, the first job is to clear the leaves out of the drain. This is the bit everyone forgets. If walkers come through, step off the path.', ['Clear the leaves out of the drain', 'Step off the path if walkers come through']],
  ['a thing that "needs doing" is the instruction to do it', 'the bins need emptying every night. then the floor needs mopping with the blue mop. it needs rinsing after.', ['Empty the bins every night', 'Mop the floor with the blue mop', 'Rinse it after']],
  ['a role then a verb read as a plural before "whether" instructs; "on arrival in X" before a role is when', 'The porter checks whether the patient needs oxygen. On arrival in Radiology the porter hands the notes over to the radiographer.', ['Check whether the patient needs oxygen', 'Hand the notes over to the radiographer']],
  ['a word cut off with a dash then "well" starts again; how long a thing takes describes', 'turn on the urns, they take like 30 minutes to heat. then make a test tea and you taste it- well someone tastes it.', ['Turn on the urns', 'Make a test tea, taste it']],
  ['in talk, a bare verb on "it" after a comma is the same step; not after a check, "and" or a semicolon', 'put it in the shaker, clamp it, then run it for three minutes. look at the foam, replace it. check the panel and reset it.', ['Put it in the shaker, clamp it', 'Run it for three minutes', 'Look at the foam and replace it', 'Check the panel and reset it']],
  ['the last names of a list, joined by "or", stay in it whatever verb their first word can be', "We don't take paint tins, tyres, gas bottles or asbestos, so if someone brings any, explain this.", ['Do not take paint tins, tyres, gas bottles or asbestos', 'Explain this if someone brings any']],
  ['"the first well" is a noun; "lid on," before a comma is a step; "check you can see" is a check as said', 'load the ladder in the first well. lid on, run it at 100 volts for 40 minutes, and check you can see bubbles at the electrodes.', ['Load the ladder in the first well', 'Put lid on', 'Run it at 100 volts for 40 minutes', 'Check you can see bubbles at the electrodes']],
  ['a passive whose subject says which thing ("the deadline for the reply") instructs; after a when-clause with its verb, a passive starts the step', 'Check the stamp. The deadline for the reply is then diarised fourteen days ahead. When the parcel arrives it is checked in, and the reader is notified that it is ready.', ['Check the stamp', 'Diarise the deadline for the reply fourteen days ahead', 'Check the parcel in', 'Notify the reader that it is ready']],
  ['what a case needs is to be got', 'Scan the item. Anything over $500 needs a manager\'s override code. Each pallet needs a delivery note.', ['Scan the item', "Get a manager's override code for anything over $500", 'Get a delivery note for each pallet']],
  ['a role after a possessive ("the waiter\'s friend") is one thing, not a new subject', "Cut the foil, then remove the cork with the waiter's friend, taking care not to shake the bottle.", ['Cut the foil', "Remove the cork with the waiter's friend, taking care not to shake the bottle"]],
  ['where "it" or "they" goes is putting it there; a topic before a comma is what "they" means', 'then the jars, they go in the fridge. it goes back on the shelf after.', ['Put the jars in the fridge', 'Put it back on the shelf after']],
  ['"first thing" + a bare verb opens it', "right swarm call first thing ask the caller how high up it is", ['Ask the caller how high up it is']],
  ['"first thing you do is", with no article, announces it', 'first thing you do is you look at the whole shoe, then you write the ticket', ['Look at the whole shoe', 'Write the ticket']],
  ['after a sequence word, "look" before a preposition is a verb', 'you do it on all the fermenters first look at the temperature display on each one', ['Look at the temperature display on each one']],
  ['"and you" + verb after things named with no verb starts anew', 'right so after each patient um the first thing is gloves the heavy duty ones not the blue ones and uh you drop any sharps straight into the sharps bin', ['Gloves the heavy duty ones not the blue ones', 'Drop any sharps straight into the sharps bin']],
  ['what the talk is for, then a bare verb, is the first instruction', 'so for a hive inspection um pick a warm day and then light the smoker and then close it up and then write it in the record book', ['Pick a warm day', 'Light the smoker', 'Close the hive up', 'Write it in the record book']],
];

describe('listed things and purposes', () => {
  it.each(cases)('%s', (_pattern, text, expected) => expect(stepsOf(text)).toEqual(expected));
});

describe('the first instruction of a talk', () => {
  it.each(openings)('%s', (_pattern, text, expected) => expect(titles(text)).toEqual(expected));

  it('takes no title from how the speaker likes the work done', () => {
    expect(structureText('right so loading the van, um, how I like it done, first thing is the walk round. then you protect the house.').title).toBeNull();
  });
});
