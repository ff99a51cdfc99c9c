import { JSDOM } from 'jsdom';
import { contextOf, describeTarget, inputTypeOf, isSecretField, nameOf, roleOf, selectedLabel, valueOf } from './describe';

const page = (html: string) => new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
const element = (html: string, selector = '#t') => page(html).querySelector(selector)!;

describe('roleOf and inputTypeOf', () => {
  it('gives explicit roles first, else the tag’s', () => {
    expect(roleOf(element('<div id="t" role="tab">A</div>'))).toBe('tab');
    expect(roleOf(element('<div id="t" role="Button<x>">A</div>'))).toBeUndefined();
    expect(roleOf(element('<a id="t" href="/">A</a>'))).toBe('link');
    expect(roleOf(element('<a id="t">A</a>'))).toBeUndefined();
    expect(roleOf(element('<input id="t" type="checkbox">'))).toBe('checkbox');
    expect(roleOf(element('<input id="t" type="email">'))).toBe('textbox');
    expect(roleOf(element('<input id="t" type="search">'))).toBe('searchbox');
    expect(roleOf(element('<input id="t" type="submit">'))).toBe('button');
    expect(roleOf(element('<select id="t"><option>a</option></select>'))).toBe('combobox');
    expect(roleOf(element('<select id="t" multiple><option>a</option></select>'))).toBe('listbox');
  });

  it('gives the kind of input, and none for buttons', () => {
    expect(inputTypeOf(element('<input id="t" type="email">'))).toBe('email');
    expect(inputTypeOf(element('<input id="t" type="weird">'))).toBe('text');
    expect(inputTypeOf(element('<input id="t" type="submit">'))).toBeUndefined();
    expect(inputTypeOf(element('<input id="t" type="hidden">'))).toBeUndefined();
    expect(inputTypeOf(element('<textarea id="t"></textarea>'))).toBe('textarea');
    expect(inputTypeOf(element('<select id="t"></select>'))).toBe('select');
    expect(inputTypeOf(element('<button id="t">b</button>'))).toBeUndefined();
  });
});

describe('nameOf and contextOf', () => {
  it('drops a trailing colon or required-marker asterisk', () => {
    expect(nameOf(element('<label for="t">Email address: *</label><input id="t">'))).toBe('Email address');
  });

  it('cuts long names', () => {
    expect(nameOf(element(`<button id="t">${'word '.repeat(100)}</button>`)).length).toBeLessThanOrEqual(200);
  });

  it('gives the section: a fieldset’s legend, a dialog’s name, a form’s first heading', () => {
    expect(contextOf(element('<fieldset><legend>Billing address</legend><input id="t"></fieldset>'))).toBe('Billing address');
    expect(contextOf(element('<div role="dialog" aria-label="Invite people"><button id="t">Send</button></div>'))).toBe('Invite people');
    expect(contextOf(element('<form><h2>New invoice</h2><div><button id="t">Save</button></div></form>'))).toBe('New invoice');
    expect(contextOf(element('<div><button id="t">Save</button></div>'))).toBeUndefined();
  });

  it('describes a target with what it knows', () => {
    expect(describeTarget(element('<form aria-label="Sign in"><label for="t">Email</label><input id="t" type="email"></form>'))).toEqual({
      name: 'Email',
      role: 'textbox',
      inputType: 'email',
      context: 'Sign in',
    });
  });
});

describe('values', () => {
  it('never reads a password, a card number, a one-time code or a field named like a secret', () => {
    expect(valueOf(element('<input id="t" type="password" value="hunter2">'))).toBeUndefined();
    expect(valueOf(element('<input id="t" autocomplete="cc-number" value="4242424242424242">'))).toBeUndefined();
    expect(valueOf(element('<input id="t" autocomplete="one-time-code" value="123456">'))).toBeUndefined();
    expect(valueOf(element('<input id="t" name="api_token" value="abc">'))).toBeUndefined();
    expect(valueOf(element('<input id="t" name="cvc" value="123">'))).toBeUndefined();
    expect(isSecretField(element('<input id="t" name="customer">'))).toBe(false);
  });

  it('reads other fields’ values (kept in the browser for the opt-in), trimmed and bounded', () => {
    expect(valueOf(element('<input id="t" value="  ACME Ltd ">'))).toBe('ACME Ltd');
    expect(valueOf(element('<input id="t" value="">'))).toBeUndefined();
    expect(valueOf(element(`<textarea id="t">${'x'.repeat(600)}</textarea>`))!.length).toBe(500);
    expect(valueOf(element('<input id="t" type="file">'))).toBeUndefined();
    expect(valueOf(element('<input id="t" type="checkbox" checked>'))).toBeUndefined();
  });

  it('gives the labels of the options chosen', () => {
    const list = element('<select id="t" multiple><option label="Net 15">15</option><option selected>Net 30</option><option selected>Net 60</option></select>') as HTMLSelectElement;
    expect(selectedLabel(list)).toBe('Net 30, Net 60');
  });
});
