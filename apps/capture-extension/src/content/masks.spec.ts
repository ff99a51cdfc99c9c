import { JSDOM } from 'jsdom';
import { masksOf } from './masks';

const viewport = { width: 800, height: 600 };

/** jsdom lays nothing out: each element gets the box its data-box attribute gives. */
function page(html: string) {
  const doc = new JSDOM(`<!doctype html><body>${html}</body>`).window.document;
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[data-box]'))) {
    const [x, y, width, height] = element.dataset.box!.split(',').map(Number) as [number, number, number, number];
    element.getBoundingClientRect = () => ({ x, y, width, height, top: y, left: x, right: x + width, bottom: y + height, toJSON: () => ({}) });
  }
  return doc;
}

describe('masksOf', () => {
  it('covers fields holding text, and password fields even empty, inside their borders', () => {
    const doc = page(`
      <input data-box="10,10,200,30" value="ACME Ltd" style="border: 2px solid black; background-color: rgb(250, 250, 250)">
      <input data-box="10,50,200,30" value="">
      <input data-box="10,90,200,30" type="password">
      <textarea data-box="10,130,200,60">notes</textarea>
      <input data-box="10,200,20,20" type="checkbox" checked>
      <input data-box="10,900,200,30" value="below the fold">`);
    expect(masksOf(doc, new WeakSet(), viewport)).toEqual([
      { x: 12, y: 12, width: 196, height: 26, color: 'rgb(250, 250, 250)' },
      { x: 10, y: 90, width: 200, height: 30, color: '#ffffff' },
      { x: 10, y: 130, width: 200, height: 60, color: '#ffffff' },
    ]);
  });

  it('covers content-editable regions typed into', () => {
    const doc = page('<div data-box="0,0,300,100" contenteditable="true">draft</div>');
    const editor = doc.querySelector('div')!;
    Object.defineProperty(editor, 'isContentEditable', { value: true });
    expect(masksOf(doc, new WeakSet(), viewport)).toEqual([]);
    expect(masksOf(doc, new WeakSet([editor]), viewport)).toHaveLength(1);
  });

  it('covers fields in open shadow roots', () => {
    const doc = page('<div id="host"></div>');
    const root = doc.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<input value="secret">';
    const input = root.querySelector('input')!;
    input.getBoundingClientRect = () => ({ x: 5, y: 5, width: 50, height: 20, top: 5, left: 5, right: 55, bottom: 25, toJSON: () => ({}) });
    expect(masksOf(doc, new WeakSet(), viewport)).toEqual([{ x: 5, y: 5, width: 50, height: 20, color: '#ffffff' }]);
  });
});
