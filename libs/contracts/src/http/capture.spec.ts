import { CAPTURE_MAX_EVENTS, captureEventListSchema, captureScreenshotCount, cleanCaptureUrl, type CaptureEvent } from './capture';

const page = { title: 'Invoices', url: 'https://app.example.com/invoices' };
const shot = { index: 0, width: 2560, height: 1600, devicePixelRatio: 2 };
const at = Date.UTC(2025, 0, 1);

const click = (overrides: Partial<CaptureEvent> = {}): CaptureEvent =>
  ({ kind: 'click', at, tab: 7, page, target: { name: 'Create invoice', role: 'button' }, screenshot: { ...shot, box: { x: 100, y: 50, width: 200, height: 60 } }, ...overrides }) as CaptureEvent;

const messagesOf = (value: unknown) => captureEventListSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('captureEventListSchema', () => {
  it('accepts every kind of event', () => {
    const events: CaptureEvent[] = [
      click(),
      { kind: 'input', at, tab: 7, page, target: { name: 'Customer', role: 'textbox', inputType: 'text' } },
      { kind: 'input', at, tab: 7, page, target: { name: 'Reference', role: 'textbox', inputType: 'text' }, value: 'PO-1' },
      { kind: 'select', at, tab: 7, page, target: { name: 'Payment terms', role: 'combobox', inputType: 'select' }, selected: 'Net 30' },
      { kind: 'click', at, tab: 7, page, target: { name: 'I agree', role: 'checkbox', inputType: 'checkbox' }, checked: true },
      { kind: 'navigate', at, tab: 8, page, via: 'link', screenshot: { ...shot, index: 1 } },
      { kind: 'note', at, tab: -1, note: 'Ask finance first' },
    ];
    expect(captureEventListSchema.parse(events)).toEqual(events);
    expect(captureScreenshotCount(events)).toBe(2);
  });

  it('refuses a password value, whatever the field is called', () => {
    const events = [{ kind: 'input', at, tab: 1, page, target: { name: 'Secret', inputType: 'password' }, value: 'hunter2' }];
    expect(messagesOf(events)).toEqual(['A password or file field never carries its value']);
    expect(captureEventListSchema.safeParse([{ ...events[0], value: undefined }]).success).toBe(true);
  });

  it('refuses a box outside its screenshot and a screenshot index past the limit', () => {
    expect(messagesOf([click({ screenshot: { ...shot, box: { x: 2500, y: 0, width: 200, height: 10 } } })])).toEqual(['An element box must lie inside its screenshot']);
    expect(messagesOf([click({ screenshot: { ...shot, index: 100 } })])).toEqual(['A capture can have at most 100 screenshots']);
  });

  it('refuses two sizes for one screenshot', () => {
    expect(messagesOf([click(), click({ screenshot: { ...shot, width: 1280 } })])).toEqual(['Screenshot 0 is given two sizes']);
  });

  it('bounds the list and its strings', () => {
    expect(messagesOf([])).toEqual(['A capture needs at least one event']);
    expect(messagesOf(Array.from({ length: CAPTURE_MAX_EVENTS + 1 }, () => click()))).toEqual([`A capture can have at most ${CAPTURE_MAX_EVENTS} events`]);
    expect(messagesOf([click({ target: { name: 'x'.repeat(201) } })])).toEqual(['An element name must be at most 200 characters']);
    expect(messagesOf([{ kind: 'note', at, tab: 1, note: '   ' }])).toEqual(['A note needs some text']);
    expect(messagesOf([click({ target: { name: 'ok', role: 'Button<script>' } })])).toEqual(['A role is a lower-case ARIA role name']);
    expect(messagesOf([click({ page: { title: 'Two\nlines', url: 'https://a.test/' } })])).toEqual(['A page title must be one line without control characters']);
  });

  it('refuses unknown fields and kinds, and timestamps in seconds', () => {
    expect(captureEventListSchema.safeParse([{ ...click(), password: 'x' }]).success).toBe(false);
    expect(captureEventListSchema.safeParse([{ ...click(), kind: 'keypress' }]).success).toBe(false);
    expect(captureEventListSchema.safeParse([click({ at: Math.floor(at / 1000) })]).success).toBe(false);
  });
});

describe('cleanCaptureUrl', () => {
  it('drops credentials, the query and the fragment unless kept', () => {
    expect(cleanCaptureUrl('https://ada:pw@app.example.com/invoices/7?token=abc#row-3')).toBe('https://app.example.com/invoices/7');
    expect(cleanCaptureUrl('https://app.example.com/search?q=x#top', { query: true })).toBe('https://app.example.com/search?q=x');
    expect(cleanCaptureUrl('https://app.example.com/search?q=x#top', { query: true, fragment: true })).toBe('https://app.example.com/search?q=x#top');
  });

  it('keeps only the scheme of other kinds of URL', () => {
    expect(cleanCaptureUrl('data:text/html,<p>secret</p>')).toBe('data:');
    expect(cleanCaptureUrl('not a url')).toBe('');
  });
});
