import { deriveTitle, structureText } from './structure-text';

describe('structureText', () => {
  it('turns a numbered template back into the same steps', () => {
    const text = '1. Open the admin portal\nUse your staff account.\n\n2. Reset the password\nPick the customer, then click Reset.\n\n3. Tell the customer\n';
    expect(structureText(text, 'Reset a password').steps).toEqual([
      { title: 'Open the admin portal', details: 'Use your staff account.' },
      { title: 'Reset the password', details: 'Pick the customer, then click Reset.' },
      { title: 'Tell the customer', details: '' },
    ]);
  });

  it('splits prose at sentences and cue words, keeping explanations as details', () => {
    const text =
      'First, count the cash drawer. It should match the POS report. Then put the cash in the deposit bag and seal it. ' +
      'Next, drop it in the safe because the bank picks up at nine. Finally switch off the lights.';
    const { steps } = structureText(text, 'Close the register');
    expect(steps.map((s) => s.title)).toEqual([
      'Count the cash drawer',
      'Put the cash in the deposit bag and seal it',
      'Drop it in the safe',
      'Switch off the lights',
    ]);
    expect(steps[0]!.details).toBe('It should match the POS report.');
    expect(steps[2]!.details).toBe('Because the bank picks up at nine.');
  });

  it('reads spoken lead-ins and fillers as the instruction they introduce', () => {
    const { steps } = structureText('Um so you need to open the settings menu. And then you wanna click on the account tab. Basically make sure you save.', 'x');
    expect(steps.map((s) => s.title)).toEqual(['Open the settings menu', 'Click on the account tab', 'Save']);
  });

  it('keeps context given before the first instruction with that step', () => {
    const { steps } = structureText('When a new hire joins the team. Create their account in the HR portal.', 'x');
    expect(steps).toEqual([{ title: 'Create their account in the HR portal', details: 'When a new hire joins the team.' }]);
  });

  it('falls back to one step per sentence when nothing reads as an instruction', () => {
    const { steps } = structureText('The report is due monthly. Finance reviews it.', 'Monthly report');
    expect(steps.map((s) => s.title)).toEqual(['The report is due monthly', 'Finance reviews it']);
  });

  it('shortens an overlong instruction into a title and details', () => {
    const long = 'Check every line item on the supplier invoice against the purchase order and the goods received note, including quantities, unit prices and tax codes.';
    const [step] = structureText(long, 'x').steps;
    expect(step!.title.length).toBeLessThanOrEqual(90);
    expect(`${step!.title} ${step!.details}`).toContain('tax codes');
  });

  it('uses the given title, else one named in the text', () => {
    expect(structureText('Open it.', 'My title').title).toBe('My title');
    expect(structureText('How to close the register: count the drawer. Then lock up.', '').title).toBe('Close the register');
  });
});

describe('deriveTitle', () => {
  it('finds "how to", "procedure for" and a heading line', () => {
    expect(deriveTitle('This is how to onboard a contractor. First...')).toBe('Onboard a contractor');
    expect(deriveTitle('Procedure for month-end close\n1. Export')).toBe('Month-end close');
    expect(deriveTitle('Laptop setup:\n- unbox it')).toBe('Laptop setup');
    expect(deriveTitle('Just some text.')).toBeNull();
  });
});
