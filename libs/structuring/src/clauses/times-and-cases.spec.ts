import { titles } from '../testing/pattern-cases';

// Issue 12, ninth pass: "at close" said before who does what says when; what is forbidden after a
// case and its comma is a step, under that case.

describe('when, said first', () => {
  it('"at" and a word or two before "you" and a verb is when the step is done', () => {
    expect(titles("don't top up the hopper after four o'clock. at close you switch it to wash")).toEqual(["Do not top up the hopper after four o'clock", 'Switch it to wash at close']);
  });
});

describe('a prohibition after a case', () => {
  it('is a step of its own, under the case', () => {
    expect(titles('Wipe it. If it is wet, never lift the lid. When it beeps, do not open the door.')).toEqual(['Wipe it', 'Never lift the lid if it is wet', 'Do not open the door']);
  });
});

describe('when, said inside a case', () => {
  it('keeps "before you start" with the case it follows, and the case with the action after its comma', () => {
    expect(titles('1. Put the panel into test mode.\n   - If the panel shows a fault before you start, stop and call Firecom.\n2. Walk each floor.')).toEqual([
      'Put the panel into test mode',
      'Stop and call Firecom if the panel shows a fault before you start',
      'Walk each floor',
    ]);
    expect(titles('If the lift is still moving when you arrive, wait by the barrier and radio the operator.')).toEqual([
      'Wait by the barrier if the lift is still moving when you arrive',
      'Radio the operator if the lift is still moving when you arrive',
    ]);
  });

  it('in talk, keeps a count said after a case in the case ("if it\'s still flashing after two tries")', () => {
    expect(titles("so you press the reset button and wait a minute if it's still flashing after two tries you ring the engineer and log it on the sheet")).toEqual([
      'Press the reset button',
      'Wait a minute',
      "Ring the engineer if it's still flashing after two tries",
      'Log it on the sheet',
    ]);
  });
});

describe('what is done once a wait is over', () => {
  it('reads "wait till X before you Y" as two steps, the wait and then Y', () => {
    expect(titles("then switch it back on and wait till it's below five degrees before you put the stock back oldest at the front")).toEqual([
      'Switch it back on',
      "Wait till it's below five degrees",
      'Put the stock back oldest at the front',
    ]);
    expect(titles('Wait until the light turns green before you open the door.')).toEqual(['Wait until the light turns green', 'Open the door']);
    // (Without a wait, "before you" still says when: one step.)
    expect(titles('Check the seal before you close the lid.')).toEqual(['Check the seal']);
  });
});

describe('a short phrase after "and,"', () => {
  it('leads the next instruction instead of ending the one before ("…and, on failure, open a ticket")', () => {
    expect(titles('Log the result in the tracker and, on failure, open a P3 ticket.')).toEqual(['Log the result in the tracker', 'Open a P3 ticket']);
  });
});
