import { stepsOf, titles, type Case } from '../testing/pattern-cases';

// Issue 12, ninth pass: a clause about a thing that says where it goes or how it is kept is an
// instruction to put it there or keep it so; what is never done to it is forbidden.

const cases: Case[] = [
  ['a state before the thing, which the tagger reads as a past tense, is part of the thing', 'Wash the cloths. Torn cloths go in the repair pile. Dry the rest.', ['Wash the cloths', 'Put torn cloths in the repair pile', 'Dry the rest']],
  ['where a thing stays is where it is kept', 'Fit the wristband. The wristband stays on until the end of the day.', ['Fit the wristband', 'Keep the wristband on until the end of the day']],
  ['how it remains is how it is kept; a trigger goes to the details', 'Start the cycle. The lid remains closed while it runs.', ['Start the cycle', 'Keep the lid closed']],
  ['someone who stays is told to stay, not kept', 'Call the parent. The teacher stays with the child until they arrive.', ['Call the parent', 'Stay with the child']],
  ['what is never done to a thing is forbidden', 'Check the ledger. Original wills are never archived with the file; they go to the deeds room.', ['Check the ledger', 'Never archive original wills with the file', 'Take them to the deeds room']],
  ['what is not done to it is forbidden, with its condition; a state it is not in is no step', 'Call an ambulance. The child is not moved unless they are in danger. The gate is not locked.', ['Call an ambulance', 'Do not move the child unless they are in danger']],
  ['a passive said of "they" is done to the things just named, and so is a second participle', 'Sort the deeds. They are moved to the strongroom and recorded in the register.', ['Sort the deeds', 'Move them to the strongroom and record them in the register']],
  ['"is made" is making it; "made of" says what it is', 'Phone the tenant. If there is no answer, a second call is made an hour later. The gate is made of steel.', ['Phone the tenant', 'Make a second call an hour later if there is no answer']],
];

describe('where a thing goes or stays', () => {
  it.each(cases)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});

// Tenth pass: passives whose subject has a hyphened word, or is "this", and a subject that runs to no comma.
describe('passives said of a thing', () => {
  it('reads a hyphened word inside the subject', () => {
    expect(titles('Lock the gates. The time of lock-up is recorded in the site diary.')).toEqual(['Lock the gates', 'Record the time of lock-up in the site diary']);
  });

  it('reads "this" as what was just done', () => {
    expect(titles('Measure the gravity with the hydrometer; this is written on the batch sheet.')).toEqual(['Measure the gravity with the hydrometer and write it on the batch sheet']);
  });

  it('keeps a condition whole where a new subject follows its comma', () => {
    expect(stepsOf('Check the car. If the fuel is below the level at pick-up, a refuelling charge is added.')[1]).toEqual({ title: 'Add a refuelling charge if the fuel is below the level at pick-up', details: '' });
  });
});

describe('"that" right after a noun, in writing', () => {
  it('says which thing, in the same step', () => {
    expect(titles('Inspect the ladder. Do not use a ladder that has damaged steps.\nWipe off any oil that hasn\'t soaked in.')).toEqual(['Inspect the ladder', 'Do not use a ladder that has damaged steps', "Wipe off any oil that hasn't soaked in"]);
  });
});

describe('what the team will not do', () => {
  it('is a prohibition, after a remark too', () => {
    expect(titles('Wash the apples. A few bruises are fine, but rot gives the cider off-flavours, and we will not use windfalls that have been on the ground for a week. We won\'t accept late forms.')).toEqual([
      'Wash the apples',
      'Do not use windfalls that have been on the ground for a week',
      'Do not accept late forms',
    ]);
  });
});

describe('"where" and a passive, after a place', () => {
  it('is what is done there, a step of its own', () => {
    expect(titles('For an ordinary bump, the child is brought inside to the first aid room, where a cold compress is applied for up to ten minutes.')).toEqual(['Bring the child inside to the first aid room', 'Apply a cold compress for up to ten minutes']);
  });
});

describe('a comma and "and" before another thing', () => {
  it('ends the thing named before it', () => {
    expect(titles('then you pull out the beater and the draw valve and all the o-rings, and everything goes in the sink with the sanitiser.')).toEqual(['Pull out the beater and the draw valve and all the o-rings', 'Put everything in the sink with the sanitiser']);
  });

  it('starts a step when a thing done to follows a phrase with no verb', () => {
    expect(titles('The numnah goes on first, a little forward of the withers, and the saddle is placed on top and slid back into position.').slice(-2)).toEqual(['Place the saddle on top', 'Slide the saddle back into position']);
  });
});

describe('what the people served do', () => {
  it('is what the reader has them do, naming them', () => {
    expect(stepsOf('Open the safe with the key. The guest takes their stuff out. The client signs the will.')).toEqual([
      { title: 'Open the safe with the key', details: '' },
      { title: 'Have the guest take their stuff out', details: '' },
      { title: 'Have the client sign the will', details: '' },
    ]);
  });
});

// Fourteenth pass: a way with no preposition ("out the back"), where a thing goes after a remark and a comma,
// and a thing named before what to do with it, standing for "it" or "them" in the title.
const namedThings: Case[] = [
  ['the way a thing goes, with no preposition after it, is where it is put', 'Sweep the yard. Floor mats go out the back to hose down. Lock the gate.', ['Sweep the yard', 'Put floor mats out the back to hose down', 'Lock the gate']],
  ['where a thing goes after a remark and a comma is a step; the remark is its detail', 'Check the tread. That is a must, old tyres go in the cage. Sign the sheet.', ['Check the tread', 'Put old tyres in the cage', 'Sign the sheet']],
  ['how an order is handled is not where it is put', 'For office managers, all orders go through the supplier portal. Check the stock.', ['Check the stock']],
  ['a thing named before a comma stands for "them", in lower case', 'Open the yard. The bins, empty them into the skip. Lock up.', ['Open the yard', 'Empty the bins into the skip', 'Lock up']],
  ['a thing named before "you" stands for "it"', 'Clean the counters. The fridge you wipe it down every night. Lock up.', ['Clean the counters', 'Wipe the fridge down every night', 'Lock up']],
  ['a time named before "you" follows the instruction, in lower case', 'Open the shop. Every morning you check the fridge. Lock up.', ['Open the shop', 'Check the fridge every morning', 'Lock up']],
];

describe('things named before what is done to them', () => {
  it.each(namedThings)('%s', (_pattern, text, expected) => {
    expect(titles(text)).toEqual(expected);
  });
});
