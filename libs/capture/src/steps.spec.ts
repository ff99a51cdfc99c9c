import type { CaptureEvent, CapturePage, CaptureScreenshotRef, CaptureTarget } from '@sopwright/contracts';
import { stepsFromCapture } from './steps';

const invoices: CapturePage = { title: 'Invoices', url: 'https://books.example.com/invoices' };
const newInvoice: CapturePage = { title: 'New invoice', url: 'https://books.example.com/invoices/new' };
const t0 = Date.UTC(2025, 0, 6, 9, 0, 0);

let clock = t0;
/** Events a second apart unless told otherwise. */
const at = (gap = 1000) => (clock += gap);
beforeEach(() => {
  clock = t0;
});

const shot = (index: number, box = { x: 10, y: 20, width: 100, height: 30 }): CaptureScreenshotRef => ({ index, width: 1280, height: 800, devicePixelRatio: 1, box });

const click = (target: CaptureTarget, extra: Partial<Extract<CaptureEvent, { kind: 'click' }>> = {}): CaptureEvent => ({
  kind: 'click',
  at: at(),
  tab: 1,
  page: invoices,
  target,
  ...extra,
});
const type = (target: CaptureTarget, extra: Partial<Extract<CaptureEvent, { kind: 'input' }>> = {}): CaptureEvent => ({
  kind: 'input',
  at: at(),
  tab: 1,
  page: invoices,
  target,
  ...extra,
});
const select = (target: CaptureTarget, selected: string, extra: Partial<Extract<CaptureEvent, { kind: 'select' }>> = {}): CaptureEvent => ({
  kind: 'select',
  at: at(),
  tab: 1,
  page: invoices,
  target,
  selected,
  ...extra,
});
const go = (page: CapturePage, extra: Partial<Extract<CaptureEvent, { kind: 'navigate' }>> = {}): CaptureEvent => ({ kind: 'navigate', at: at(), tab: 1, page, ...extra });
const note = (text: string): CaptureEvent => ({ kind: 'note', at: at(), tab: -1, note: text });

const button = (name: string): CaptureTarget => ({ name, role: 'button' });
const field = (name: string, inputType: CaptureTarget['inputType'] = 'text'): CaptureTarget => ({ name, role: 'textbox', inputType });
const titles = (events: CaptureEvent[], options?: Parameters<typeof stepsFromCapture>[1]) => stepsFromCapture(events, options).map((step) => step.title);

describe('stepsFromCapture: titles', () => {
  it('writes clicks with the element’s name', () => {
    expect(titles([click(button('Create invoice')), click({ name: 'Reports', role: 'link' }), click({ name: 'Settings', role: 'tab' })])).toEqual([
      'Click "Create invoice"',
      'Click "Reports"',
      'Click "Settings"',
    ]);
  });

  it('writes markdown bold, or bare names, when asked', () => {
    const events = [click(button('Create invoice')), type(field('Customer'))];
    expect(titles(events, { emphasis: 'markdown' })).toEqual(['Click **Create invoice**', "Type the customer's name in **Customer**"]);
    expect(titles(events, { emphasis: 'plain' })).toEqual(['Click Create invoice', "Type the customer's name in Customer"]);
    expect(titles([click(button('a*b'))], { emphasis: 'markdown' })).toEqual(['Click **a\\*b**']);
  });

  it('keeps the parts for a reader that shows names in bold', () => {
    const [step] = stepsFromCapture([select({ name: 'Payment terms', role: 'combobox', inputType: 'select' }, 'Net 30')]);
    expect(step!.titleParts).toEqual(['Select ', { strong: 'Net 30' }, ' in ', { strong: 'Payment terms' }]);
    expect(step!.detailParts).toEqual(['On the ', { strong: 'Invoices' }, ' page', '.']);
  });

  it('says what to type from the label when the label says it, else just where', () => {
    expect(
      titles([
        type(field('Customer')),
        type(field('Email', 'email')),
        type(field('Contact e-mail', 'email')),
        type(field('Reference')),
        type(field('Phone number:', 'tel')),
        type(field('City *')),
        type(field('')),
      ]),
    ).toEqual([
      "Type the customer's name in \"Customer\"",
      'Type the email address in "Email"',
      'Type the email address in "Contact e-mail"',
      'Type the reference in "Reference"',
      'Type the phone number in "Phone number:"',
      'Type the city in "City *"',
      'Type in the field',
    ]);
    expect(titles([type(field('Notes for the driver', 'textarea'))])).toEqual(['Type in "Notes for the driver"']);
  });

  it('writes a kept value, and never a password’s', () => {
    expect(titles([type(field('Customer'), { value: 'ACME Ltd' })])).toEqual(['Type "ACME Ltd" in "Customer"']);
    expect(titles([type(field('Password', 'password'), { value: 'hunter2' })])).toEqual(['Type the password in "Password"']);
    const all = JSON.stringify(stepsFromCapture([type(field('Secret', 'password'), { value: 'hunter2' })]));
    expect(all).not.toContain('hunter2');
  });

  it('gives a long kept value whole in the details', () => {
    const long = 'Deliver to the back door between 9 and 5, ring twice and wait for someone from the warehouse';
    const [step] = stepsFromCapture([type(field('Instructions', 'textarea'), { value: long })]);
    expect(step!.title).toBe(`Type "${long.slice(0, 78)}…" in "Instructions"`);
    expect(step!.details).toBe(`On the "Invoices" page.\n\nThe text to type:\n${long}`);
  });

  it('writes dates, files, sliders and colours with their own verbs', () => {
    expect(
      titles([
        type(field('Due date', 'date')),
        type(field('Start', 'time')),
        type(field('Due date', 'date'), { value: '2025-01-31' }),
        type({ name: 'Attachment', inputType: 'file' }),
        type({ name: 'Volume', role: 'slider', inputType: 'range' }, { value: '7' }),
        type({ name: 'Accent', inputType: 'color' }),
      ]),
    ).toEqual(['Enter the date in "Due date"', 'Enter the time in "Start"', 'Enter "2025-01-31" in "Due date"', 'Choose a file for "Attachment"', 'Set "Volume" to "7"', 'Set "Accent"']);
  });

  it('checks, unchecks, turns on and selects options', () => {
    expect(
      titles([
        click({ name: 'I agree', role: 'checkbox', inputType: 'checkbox' }, { checked: true }),
        click({ name: 'Send me news', role: 'checkbox', inputType: 'checkbox' }, { checked: false }),
        click({ name: 'Dark mode', role: 'switch' }, { checked: true }),
        click({ name: 'Dark mode', role: 'switch' }, { checked: false }),
        click({ name: 'Express', role: 'radio', inputType: 'radio' }, { checked: true }),
      ]),
    ).toEqual(['Check "I agree"', 'Uncheck "Send me news"', 'Turn on "Dark mode"', 'Turn off "Dark mode"', 'Select "Express"']);
  });

  it('selects options, several or none', () => {
    expect(
      titles([
        select({ name: 'Payment terms', role: 'combobox', inputType: 'select' }, 'Net 30'),
        select({ name: 'Tags', role: 'listbox', inputType: 'select' }, 'Urgent, Export'),
        select({ name: '', role: 'combobox', inputType: 'select' }, 'Net 60'),
        select({ name: 'Region', role: 'combobox', inputType: 'select' }, ''),
      ]),
    ).toEqual(['Select "Net 30" in "Payment terms"', 'Select "Urgent, Export" in "Tags"', 'Select "Net 60"', 'Clear the selection in "Region"']);
  });

  it('names unnamed elements by role, the highlight when only the screenshot shows it, and drops the rest', () => {
    expect(
      titles([
        click({ name: '', role: 'button' }),
        click({ name: '', role: 'link' }),
        click({ name: '' }, { screenshot: shot(0) }),
        click({ name: '' }),
        click({ name: ' ', role: 'img' }),
      ]),
    ).toEqual(['Click the button', 'Click the link', 'Click the highlighted element', 'Click the image']);
  });

  it('keeps every title within the SOP’s 300 characters', () => {
    const long = 'x'.repeat(200);
    const steps = stepsFromCapture([select({ name: long, inputType: 'select' }, `${long}, ${long}`), type(field(long), { value: long }), go({ title: long.repeat(2), url: 'https://a.example/' })]);
    for (const step of steps) expect(step.title.length).toBeLessThanOrEqual(300);
  });
});

describe('stepsFromCapture: merging', () => {
  it('makes a click into a field and the typing there one step, with the click’s screenshot', () => {
    const steps = stepsFromCapture([click(field('Customer'), { screenshot: shot(0) }), type(field('Customer'), { screenshot: shot(1) })]);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: 'type', title: "Type the customer's name in \"Customer\"", events: [0, 1], screenshot: shot(0) });
  });

  it('makes repeated typing in one field one step with the last value', () => {
    const steps = stepsFromCapture([type(field('Customer'), { value: 'AC' }), type(field('Customer'), { value: 'ACME' }), type(field('Customer'), { value: 'ACME Ltd' })]);
    expect(steps.map((step) => [step.title, step.events])).toEqual([['Type "ACME Ltd" in "Customer"', [0, 1, 2]]]);
  });

  it('keeps typing in different fields, and in the same field after another step, apart', () => {
    expect(titles([type(field('Customer')), type(field('Reference')), type(field('Customer'))])).toEqual([
      "Type the customer's name in \"Customer\"",
      'Type the reference in "Reference"',
      "Type the customer's name in \"Customer\"",
    ]);
    expect(titles([type(field('Customer')), note('Check the spelling.'), type(field('Customer'))])).toHaveLength(3);
  });

  it('makes a click on a list and the choice one step', () => {
    const list = { name: 'Payment terms', role: 'combobox', inputType: 'select' as const };
    const steps = stepsFromCapture([click(list), select(list, 'Net 15'), select(list, 'Net 30')]);
    expect(steps.map((step) => [step.title, step.events])).toEqual([['Select "Net 30" in "Payment terms"', [0, 1, 2]]]);
    expect(titles([click(list)])).toEqual(['Open "Payment terms"']);
  });

  it('debounces a double click, not two clicks a while apart', () => {
    const save = button('Save');
    const first = click(save);
    const soon = (event: CaptureEvent, ms: number) => ({ ...event, at: first.at + ms });
    expect(stepsFromCapture([first, soon(click(save), 250)]).map((step) => step.events)).toEqual([[0, 1]]);
    expect(titles([first, soon(click(save), 700)])).toEqual(['Click "Save"', 'Click "Save"']);
    expect(titles([first, soon(click(button('Cancel')), 100)])).toHaveLength(2);
  });

  it('keeps the state after a checkbox’s double click', () => {
    const box = { name: 'I agree', role: 'checkbox', inputType: 'checkbox' as const };
    const first = click(box, { checked: true });
    const second = { ...(click(box, { checked: false }) as Extract<CaptureEvent, { kind: 'click' }>), at: first.at + 200 };
    expect(titles([first, second])).toEqual(['Uncheck "I agree"']);
  });

  it('does not merge a click into a field with a click on a button of the same name', () => {
    expect(titles([click(button('Search')), type(field('Search', 'search'))])).toEqual(['Click "Search"', 'Type what you are looking for in "Search"']);
  });

  it('does not merge across tabs or pages', () => {
    expect(titles([click(field('Customer')), type(field('Customer'), { tab: 2 })])).toEqual(['Click in "Customer"', "Type the customer's name in \"Customer\""]);
    expect(titles([click(field('Customer')), type(field('Customer'), { page: newInvoice })])).toHaveLength(2);
  });
});

describe('stepsFromCapture: navigation', () => {
  it('starts with the page the recording began on', () => {
    const steps = stepsFromCapture([go(invoices, { via: 'typed', screenshot: shot(0, undefined) }), click(button('Create invoice'))]);
    expect(steps.map((step) => [step.title, step.details])).toEqual([
      ['Go to "Invoices"', 'Open https://books.example.com/invoices.'],
      ['Click "Create invoice"', 'On the "Invoices" page.'],
    ]);
  });

  it('folds the page a click opens into the click', () => {
    const steps = stepsFromCapture([go(invoices), click(button('Create invoice')), go(newInvoice, { via: 'link' }), type(field('Customer'), { page: newInvoice })]);
    expect(steps.map((step) => [step.title, step.details, step.events])).toEqual([
      ['Go to "Invoices"', 'Open https://books.example.com/invoices.', [0]],
      ['Click "Create invoice"', 'On the "Invoices" page. This opens the "New invoice" page.', [1, 2]],
      ["Type the customer's name in \"Customer\"", 'On the "New invoice" page.', [3]],
    ]);
  });

  it('folds the results page into typing that sent a search', () => {
    const results = { title: 'Results', url: 'https://books.example.com/search' };
    expect(stepsFromCapture([type(field('Search', 'search')), go(results, { via: 'other' })]).map((step) => step.details)).toEqual([
      'On the "Invoices" page. This opens the "Results" page.',
    ]);
  });

  it('keeps a typed address, a late navigation and a history step as steps of their own', () => {
    expect(titles([click(button('Save')), go(newInvoice, { via: 'typed' })])).toEqual(['Click "Save"', 'Go to "New invoice"']);
    expect(titles([click(button('Save')), go(newInvoice, { at: clock + 60_000 })])).toEqual(['Click "Save"', 'Go to "New invoice"']);
    expect(titles([go(invoices), go(newInvoice), go(invoices, { via: 'history' })])).toEqual(['Go to "Invoices"', 'Go to "New invoice"', 'Go back to "Invoices"']);
  });

  it('drops reloads and the same page again', () => {
    expect(titles([go(invoices), go(invoices, { via: 'reload' }), go(invoices), click(button('Save'))])).toEqual(['Go to "Invoices"', 'Click "Save"']);
  });

  it('writes tab switches, and a link opened in a new tab', () => {
    const reports = { title: 'Reports', url: 'https://books.example.com/reports' };
    const steps = stepsFromCapture([go(invoices), click({ name: 'Reports', role: 'link' }), go(reports, { tab: 2, via: 'link' }), go(invoices, { via: 'tab' }), go(reports, { tab: 2, via: 'tab' })]);
    expect(steps.map((step) => [step.title, step.details])).toEqual([
      ['Go to "Invoices"', 'Open https://books.example.com/invoices.'],
      ['Click "Reports"', 'On the "Invoices" page.'],
      ['Go to "Reports"', 'It opens in a new tab. Open https://books.example.com/reports.'],
      ['Switch to the "Invoices" tab', ''],
      ['Switch to the "Reports" tab', ''],
    ]);
  });

  it('names a page without a title by its address', () => {
    expect(titles([go({ title: '', url: 'https://books.example.com/invoices/7' })])).toEqual(['Go to "books.example.com/invoices/7"']);
    expect(stepsFromCapture([click(button('Save'), { page: { title: ' ', url: 'https://books.example.com/' } })])[0]!.details).toBe('On books.example.com.');
  });
});

describe('stepsFromCapture: details and notes', () => {
  it('gives the page and the section', () => {
    const [step] = stepsFromCapture([click({ name: 'Save', role: 'button', context: 'Billing address' })]);
    expect(step!.details).toBe('On the "Invoices" page, in "Billing address".');
    expect(stepsFromCapture([click({ name: 'Save', role: 'button', context: 'Invoices' })])[0]!.details).toBe('On the "Invoices" page.');
  });

  it('makes each note a step: its first sentence the title, the rest the details', () => {
    const steps = stepsFromCapture([click(button('Save')), note('Ask finance before sending. They check the VAT number.\nThen wait.'), note('Done')]);
    expect(steps.map((step) => [step.kind, step.title, step.details, step.events])).toEqual([
      ['click', 'Click "Save"', 'On the "Invoices" page.', [0]],
      ['note', 'Ask finance before sending.', 'They check the VAT number.\nThen wait.', [1]],
      ['note', 'Done', '', [2]],
    ]);
  });

  it('cuts a long note’s title and keeps the note whole in the details', () => {
    const long = `${'word '.repeat(60)}end`;
    const [step] = stepsFromCapture([note(long)]);
    expect(step!.title.length).toBeLessThanOrEqual(200);
    expect(step!.details).toBe(long);
  });

  it('lists which events each step came from, covering every event that says something', () => {
    const events = [go(invoices), click(field('Customer'), { screenshot: shot(0) }), type(field('Customer')), click(button('Save')), go(newInvoice), note('Done.')];
    expect(stepsFromCapture(events).map((step) => step.events)).toEqual([[0], [1, 2], [3, 4], [5]]);
  });

  it('writes nothing from nothing', () => {
    expect(stepsFromCapture([])).toEqual([]);
  });
});
