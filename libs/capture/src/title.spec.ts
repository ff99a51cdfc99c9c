import type { CaptureEvent, CaptureTarget } from '@sopwright/contracts';
import { titleFromCapture } from './title';

const page = { title: 'Invoices', url: 'https://books.example.com/invoices' };
const click = (target: CaptureTarget): CaptureEvent => ({ kind: 'click', at: 1_700_000_000_000, tab: 1, page, target });

describe('titleFromCapture', () => {
  it('names the capture after the first button or link that is an action on something', () => {
    expect(titleFromCapture([click({ name: 'Invoices', role: 'link' }), click({ name: 'Create invoice', role: 'button' }), click({ name: 'Export report', role: 'button' })])).toBe('Create invoice');
    expect(titleFromCapture([click({ name: 'invite team member', role: 'link' })])).toBe('Invite team member');
    expect(titleFromCapture([click({ name: 'New purchase order', role: 'button' })])).toBe('Create a new purchase order');
    expect(titleFromCapture([click({ name: 'Export report…', role: 'menuitem' })])).toBe('Export report');
  });

  it('passes over confirmations, single words, sentences and fields, and says so when nothing names the task', () => {
    expect(titleFromCapture([click({ name: 'Save changes', role: 'button' }), click({ name: 'OK', role: 'button' }), click({ name: 'Delete', role: 'button' })])).toBeNull();
    expect(titleFromCapture([click({ name: 'Create', role: 'button' })])).toBeNull();
    expect(titleFromCapture([click({ name: 'Add the customer to the list of people we will invoice next month', role: 'button' })])).toBeNull();
    expect(titleFromCapture([click({ name: 'Add note', role: 'textbox' })])).toBeNull();
    expect(titleFromCapture([{ kind: 'note', at: 1_700_000_000_000, tab: 1, note: 'Create the invoice' }])).toBeNull();
  });
});
