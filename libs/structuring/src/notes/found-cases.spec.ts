import { titles } from '../testing/pattern-cases';

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
