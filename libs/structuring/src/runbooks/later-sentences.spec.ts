import { titles } from '../testing/pattern-cases';

// Issue 12, ninth pass: what a later sentence of a runbook item forbids is a step of its own.

describe('a later sentence of an item', () => {
  it('that warns what not to do is a step, without its label; a note stays in the details', () => {
    expect(titles('Opening\n1. Unlock the door. WARNING: Do not open before 7, even if people are waiting.\n2. Sign the log. Note: the log is blue.')).toEqual([
      'Unlock the door',
      'Do not open before 7, even if people are waiting',
      'Sign the log',
    ]);
  });

  it('that says what never to have is a step', () => {
    expect(titles('Care round\n1. Put on gloves. Never have two residents\' trays out at once.\n2. Sign the chart.')).toEqual(['Put on gloves', "Never have two residents' trays out at once", 'Sign the chart']);
  });
});
