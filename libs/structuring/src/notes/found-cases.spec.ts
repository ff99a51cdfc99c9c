import { stepsOf, titles } from '../testing/pattern-cases';

// Issue 12, ninth pass: in notes, a thing named before an arrow, with a call to someone after it,
// is the case the call is made in.

describe('a thing found, then a call', () => {
  it('is the case of the call', () => {
    expect(titles('boiler check\n- read the pressure gauge\n- gas smell → ring the emergency line\n- flue damage -> radio the supervisor')).toEqual([
      'Read the pressure gauge',
      'Ring the emergency line if gas smell',
      'Radio the supervisor if flue damage',
    ]);
  });

  it('is no case where the arrow goes on to what is done with the thing', () => {
    expect(titles('boiler check\n- read the pressure gauge\n- meter reading -> sheet on wall\n- new filter -> fit it')).toEqual(['Read the pressure gauge', 'Record meter reading on sheet on wall', 'New filter: fit it']);
  });
});

// Tenth pass: what is sensed or a fault, before an arrow, with a refusal or a halt after it, is a case too.
describe('a fault found, then a halt', () => {
  it('is the case of the halt', () => {
    expect(titles('substation visit\n- unlock, prop door open\n- smell of burning / loud buzzing / smoke → DON\'T enter, back off, ring Control\n- leak at seal -> stop the pump')).toEqual([
      'Unlock, open prop door',
      'Do not enter, back off, ring Control if smell of burning / loud buzzing / smoke',
      'Stop the pump if leak at seal',
    ]);
  });

  it('reads states offered with a slash as the case', () => {
    expect(titles('topper check\n- check the chains\n- blades: cracked / loose bolts → DON\'T use')).toEqual(['Check the chains', 'Blades: do not use if the bolts are cracked / loose']);
  });

  it('leaves a thing of a word or two as what not to touch', () => {
    expect(titles('clinic tidy\n- wipe the couch\n- sharps/needles: don\'t touch')).toEqual(['Wipe the couch', 'Sharps/needles: don\'t touch']);
  });
});

describe('a case under an item, before an arrow', () => {
  it('runs on after a quantifier, and is written once, with its action', () => {
    expect(stepsOf('Lash lift\n1. Check for eye infections or recent eye surgery.\n   - Any infection, or surgery in the last 6 months → do not treat, rebook.\n2. Remove all make-up with oil-free cleanser.')).toEqual([
      { title: 'Check for eye infections or recent eye surgery', details: '' },
      { title: 'Do not treat, rebook if any infection or surgery in the last 6 months', details: '' },
      { title: 'Remove all make-up with oil-free cleanser', details: '' },
    ]);
  });
});

describe('a fault named alone, and a verb before "onto"', () => {
  it('is the case of the step after it; "tip onto tray" is tipping', () => {
    expect(titles('tins – counting\n- break seal, tip onto tray\n- count x2 (each person counts, totals must match)\n   mismatch -> recount whole tin')).toEqual(['Break seal, tip onto tray', 'Count x2', 'Recount whole tin if there is a mismatch']);
  });
});

describe('instructions after a case, one after another with commas', () => {
  it('are one step done in that case', () => {
    expect(titles('tins\n- seal broken/missing -> don\'t open, tell treasurer\n- damaged -> bag it, label it\n- break seal, tip onto tray')).toEqual([
      'Do not open, tell treasurer if the seal is broken/missing',
      'Bag it, label it if damaged',
      'Break seal, tip onto tray',
    ]);
  });
});
