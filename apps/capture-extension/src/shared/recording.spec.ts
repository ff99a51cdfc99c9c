import { CAPTURE_MAX_EVENTS, CAPTURE_MAX_SCREENSHOTS, type CaptureEvent } from '@sopwright/contracts/constants';
import { addScreenshot, appendEvent, deleteEvents, eventsForSteps, hasTypedValue, isValueKept, keepValues, newRecording, setScreenshot, uploadPayload, type Recording } from './recording';

const page = { title: 'Invoices', url: 'https://books.example.com/invoices' };
const at = Date.UTC(2025, 0, 1);
const click = (name: string): CaptureEvent => ({ kind: 'click', at, tab: 1, page, target: { name, role: 'button' } });
const typing = (name: string, value: string, inputType: 'text' | 'password' = 'text'): CaptureEvent => ({ kind: 'input', at, tab: 1, page, target: { name, inputType }, value });
const shot = (key: string) => ({ key, width: 100, height: 50, devicePixelRatio: 1 });

function build(events: CaptureEvent[], shots = 0): Recording {
  let recording = newRecording('0d4b8c1e-5a54-4e5f-9a0e-3c2b1a0f9e8d', 1, at);
  for (let index = 0; index < shots; index += 1) recording = addScreenshot(recording, shot(`k${index}`))!.recording;
  for (const event of events) recording = appendEvent(recording, event)!.recording;
  return recording;
}

describe('a recording', () => {
  it('stops taking events at the limit and says so', () => {
    let recording = build([]);
    for (let index = 0; index < CAPTURE_MAX_EVENTS; index += 1) recording = appendEvent(recording, click('Save'))!.recording;
    expect(recording.full).toBe('events');
    expect(appendEvent(recording, click('Save'))).toBeNull();
  });

  it('stops filing screenshots at the limit', () => {
    const recording = build([], CAPTURE_MAX_SCREENSHOTS);
    expect(recording.full).toBe('screenshots');
    expect(addScreenshot(recording, shot('one-more'))).toBeNull();
  });

  it('uploads no typed value unless kept, and never a password’s', () => {
    let recording = build([typing('Customer', 'ACME Ltd'), typing('Password', 'hunter2', 'password'), click('Save')]);
    expect(hasTypedValue(recording, [0])).toBe(true);
    expect(hasTypedValue(recording, [1])).toBe(false);
    expect(JSON.stringify(uploadPayload(recording).events)).not.toMatch(/ACME|hunter2/);
    recording = keepValues(recording, [0, 1], true);
    expect(isValueKept(recording, [0])).toBe(true);
    const uploaded = JSON.stringify(uploadPayload(recording).events);
    expect(uploaded).toContain('ACME Ltd');
    expect(uploaded).not.toContain('hunter2');
    recording = keepValues(recording, [0], false);
    expect(JSON.stringify(eventsForSteps(recording))).not.toContain('ACME');
  });

  it('deletes a step’s events and the values kept for them', () => {
    let recording = keepValues(build([typing('Customer', 'ACME Ltd'), click('Save')]), [0], true);
    recording = deleteEvents(recording, [0]);
    expect(recording.events.map(({ event }) => event.kind)).toEqual(['click']);
    expect(recording.keptValues).toEqual([]);
  });

  it('renumbers the screenshots of what is left, in order of use, each once', () => {
    let recording = build([click('A'), click('B'), click('C'), click('D')], 4);
    const ids = recording.events.map(({ id }) => id);
    const ref = (index: number) => ({ index, width: 100, height: 50, devicePixelRatio: 1, box: { x: 1, y: 1, width: 10, height: 10 } });
    recording = setScreenshot(recording, ids[0]!, ref(0));
    recording = setScreenshot(recording, ids[1]!, ref(2));
    recording = setScreenshot(recording, ids[2]!, ref(2));
    recording = setScreenshot(recording, ids[3]!, ref(3));
    recording = deleteEvents(recording, [0]);
    const { events, screenshotKeys } = uploadPayload(recording);
    expect(screenshotKeys).toEqual(['k2', 'k3']);
    expect(events.map((event) => event.screenshot?.index)).toEqual([0, 0, 1]);
  });
});
