import { stepsOf, titles, type Case } from './testing/pattern-cases';

// Issue 12, sixteenth pass: how speakers repair what they say. Each row: the pattern, a
// description with it, the step titles it gives.

const cases: Case[] = [
  [
    '"no wait" after a comma takes back the instruction the comma ended',
    'okay so you wipe the counter down, then you put the tray in the oven, no wait, first you line the tray with foil, and then it goes in the oven for twenty minutes',
    ['Wipe the counter down', 'Line the tray with foil', 'Put it in the oven for twenty minutes'],
  ],
  [
    'the condition before the taken-back instruction stays with the one said instead',
    'if the customer is angry, offer a refund, no wait, we give store credit now, and then log it in the complaints book',
    ['Give store credit if the customer is angry', 'Log it in the complaints book'],
  ],
  [
    'a short statement with no verb to restart from is taken back whole',
    'the driver checks the tyres, no wait, the mechanic does that, you just sign the sheet and then you park the van',
    ['Sign the sheet', 'Park the van'],
  ],
  [
    'a lone "sorry" after a comma is an apology, and takes nothing back',
    'you refuse the refund, sorry, and then you close the ticket',
    ['Refuse the refund', 'Close the ticket'],
  ],
  [
    '"you just have to" after an instruction only insists on it',
    'if it goes over thirty two you start again, you just have to. then you dip a knife in and leave it on the bench',
    ['Start again if it goes over thirty two', 'Dip a knife in', 'Leave the knife on the bench'],
  ],
  [
    '"you\'ve got to" and "we need to" as well, wherever the clause ends',
    'you refuse the refund, you\'ve got to, and then you close the ticket and we need to',
    ['Refuse the refund', 'Close the ticket'],
  ],
  [
    'a must with its verb is an instruction',
    'you have to sign the sheet, then you need to ring the office',
    ['Sign the sheet', 'Ring the office'],
  ],
  [
    'a correction after an amount replaces the amount, not the instruction',
    'you weigh the dough and divide it at nine fifty grams no sorry nine hundred grams for the large tins, then you shape them',
    ['Weigh the dough', 'Divide the dough at nine hundred grams for the large tins', 'Shape them'],
  ],
  [
    'a correction after a comma takes back no more than the last condition, and the condition before stays with its step',
    "you bin the towels if they're stained if they're clean they can stay, well actually no all towels go in the wash every night. then you mop the floor",
    ["Bin the towels if they're stained", 'Put all towels in the wash every night', 'Mop the floor'],
  ],
  [
    '"or so" after an amount is a hedge, not "or" and a new instruction',
    'you backfill in layers and tamp it down every thirty cm or so round the post, and then you nail the rails on',
    ['Backfill in layers', 'Tamp it down every thirty cm round the post', 'Nail the rails on'],
  ],
  [
    'a small word said again after a pause is a stutter',
    'you mop the floor in the, uh, the corridor first, then you put the sign out',
    ['Mop the floor in the corridor', 'Put the sign out'],
  ],
  [
    '"well" after a comma opens what is said, even after a verb',
    'then you close the gates behind you, always, even if a boat is coming, well unless they wave at you, and then you pick your crew up',
    ['Close the gates behind you, even if a boat is coming unless they wave at you', 'Pick your crew up'],
  ],
  [
    '"well" before how far says how far',
    'then you dump the bucket downhill, well away from the drain, and rinse it out',
    ['Dump the bucket downhill, well away from the drain and rinse it out'],
  ],
  [
    '"next" after "is" says which one, it starts nothing',
    'we rotate the call points so check the log for which one is next you put the test key in and turn it',
    ['Rotate the call points', 'Check the log for which one is next', 'Put the test key in and turn it'],
  ],
  [
    'a thing named after "then" and run into an instruction of its own leads into that instruction, no step',
    'first you check the weather app. then uh the site walk you walk the whole field and look for wires. then you pick your spot',
    ['Check the weather app', 'Walk the whole field', 'Look for wires', 'Pick your spot'],
  ],
  [
    'a thing named with "same" is the step before done again on it',
    'peel the backing off one half and squeegee it. then the other half, same. then you trim the edges',
    ['Peel the backing off one half and squeegee it', 'Repeat for the other half', 'Trim the edges'],
  ],
  [
    'a thing named again after a correction replaces what was said of it, from its article on',
    'so you put the rags in the red bin no sorry the blue bin and then you close the lid',
    ['Put the rags in the blue bin', 'Close the lid'],
  ],
  [
    'a thing said again with what is done to it is a remark of its own, and the corrections before it are one',
    'you check the fire exits are clear and the extinguishers as well actually no scratch that the extinguishers get done by the contractor so you sign the sheet',
    ['Check the fire exits are clear', 'Sign the sheet'],
  ],
  [
    'a longer instruction taken back before a clause said instead goes from its verb',
    'then for each van you check the log book against the service sticker no wait sorry it\'s the sticker first and then you sign the book',
    ['Sign the book'],
  ],
  [
    'a pronoun said twice across two clauses is no stutter',
    'you look at the filter if there\'s still dust on it it goes back in the washer and then you dry the housing',
    ['Look at the filter', 'Put it back in the washer if there\'s still dust on it', 'Dry the housing'],
  ],
];

describe('talk repairs', () => {
  it.each(cases)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });

  it('keeps the thing talk names before an instruction in that step\'s details', () => {
    const steps = stepsOf('first you check the weather app. then uh the site walk you walk the whole field and look for wires. then you pick your spot');
    expect(steps[1]).toEqual({ title: 'Walk the whole field', details: 'The site walk.' });
  });

  it('puts a thing named before "you" and an instruction with no "it" for it in the details, not at the end of the title', () => {
    expect(stepsOf('then the brakes you check the pads. then you sign the sheet')).toEqual([
      { title: 'Check the pads', details: 'The brakes.' },
      { title: 'Sign the sheet', details: '' },
    ]);
    // ("every tier you put a strap across": when, said first, still goes after the instruction.)
    expect(titles('every tier you put a ratchet strap across. then you sign the sheet')).toEqual(['Put a ratchet strap across every tier', 'Sign the sheet']);
  });

  it('keeps a rule said with its exception whole, and takes no verb for the title out of the exception', () => {
    expect(stepsOf("then you backfill it. no concrete, unless the client's asked for it, cause it rots the posts. then you nail the rails on")).toEqual([
      { title: 'Backfill it', details: '' },
      { title: "No concrete, unless the client's asked for it", details: 'Because it rots the posts.' },
      { title: 'Nail the rails on', details: '' },
    ]);
  });

  it('leaves a condition said after a remark with the remark, not on the next sentence\'s step', () => {
    const steps = stepsOf("you hold the horse, you don't tie it up, if they pull back when they're tied it's a disaster. and you stand on the same side as him. then you pick up the front foot");
    expect(steps.map((step) => step.title)).toEqual(['Hold the horse', 'Stand on the same side as him', 'Pick up the front foot']);
    expect(steps[0]!.details).toContain('if they pull back');
  });

  it('respells a thing said to go back on as putting it back, and leaves a verb with "back" alone', () => {
    expect(titles('then lid back on, hammer it down all the way round. then cover back on, then you sign the sheet')).toEqual(['Put lid back on', 'Hammer it down all the way round', 'Put cover back on', 'Sign the sheet']);
    expect(titles('plug back in')).toEqual(['Plug back in']);
  });
});
