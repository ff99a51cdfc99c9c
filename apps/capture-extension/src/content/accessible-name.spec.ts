import { JSDOM } from 'jsdom';
import { accessibleName } from './accessible-name';

const page = (html: string) => new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
const nameOf = (html: string, selector = '#t') => accessibleName(page(html).querySelector(selector)!);

describe('accessibleName', () => {
  it('takes aria-labelledby first, joining every element it names', () => {
    expect(nameOf('<span id="a">Billing</span><span id="b">address</span><input id="t" aria-labelledby="a b" aria-label="ignored">')).toBe('Billing address');
  });

  it('takes aria-label next', () => {
    expect(nameOf('<button id="t" aria-label="Close dialog">×</button>')).toBe('Close dialog');
  });

  it('reads a field’s <label for> and its wrapping label, never the value typed in it', () => {
    expect(nameOf('<label for="t">Customer</label><input id="t" value="ACME Ltd">')).toBe('Customer');
    expect(nameOf('<label>Email <input id="t" value="ada@example.com"></label>')).toBe('Email');
    expect(nameOf('<label>Notes <textarea id="t">private</textarea></label>')).toBe('Notes');
  });

  it('reads a button’s and a link’s text, images’ alt text and svg titles included, hidden parts left out', () => {
    expect(nameOf('<button id="t"><img src="x.png" alt="Print"> invoice</button>')).toBe('Print invoice');
    expect(nameOf('<a id="t" href="/x"><span aria-hidden="true">★</span>Favourites</a>')).toBe('Favourites');
    expect(nameOf('<button id="t"><svg><title>Settings</title></svg></button>')).toBe('Settings');
    expect(nameOf('<div id="t" role="button">Create <b>invoice</b></div>')).toBe('Create invoice');
    expect(nameOf('<button id="t">Save <span style="display:none">draft</span></button>')).toBe('Save');
  });

  it('names submit buttons by their caption and image inputs by their alt', () => {
    expect(nameOf('<input id="t" type="submit" value="Send order">')).toBe('Send order');
    expect(nameOf('<input id="t" type="submit">')).toBe('Submit');
    expect(nameOf('<input id="t" type="image" alt="Search" src="s.png">')).toBe('Search');
    expect(nameOf('<img id="t" alt="Company logo" src="l.png">')).toBe('Company logo');
  });

  it('falls back to title, then placeholder', () => {
    expect(nameOf('<input id="t" title="Search the archive" placeholder="Search…">')).toBe('Search the archive');
    expect(nameOf('<input id="t" placeholder="Invoice number">')).toBe('Invoice number');
  });

  it('does not take a text field’s content as its name', () => {
    expect(nameOf('<div id="t" contenteditable="true">my private text</div>')).toBe('');
    expect(nameOf('<input id="t" value="typed">')).toBe('');
  });

  it('names an icon link by the last part of its address when nothing else does', () => {
    expect(nameOf('<a id="t" href="/settings/billing-details?tab=2"><img src="i.png"></a>')).toBe('billing details');
  });

  it('looks ids up inside the element’s own shadow root', () => {
    const doc = page('<div id="host"></div>');
    const root = doc.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<span id="caption">Open help</span><button aria-labelledby="caption">?</button><label for="q">Query</label><input id="q">';
    expect(accessibleName(root.querySelector('button')!)).toBe('Open help');
    expect(accessibleName(root.querySelector('input')!)).toBe('Query');
  });

  it('reads slotted content through a shadow root', () => {
    const doc = page('<fancy-button id="t" role="button">Pay now</fancy-button>');
    const host = doc.getElementById('t')!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<span class="icon"></span><slot></slot>';
    expect(accessibleName(host)).toBe('Pay now');
  });
});
