import { toMaskBox, toScreenshotBox } from './geometry';

const viewport = { width: 1280, height: 800 };

describe('toScreenshotBox', () => {
  it('scales CSS pixels by the screenshot’s own size (devicePixelRatio 2)', () => {
    expect(toScreenshotBox({ x: 10.25, y: 20.5, width: 100.5, height: 30 }, viewport, { width: 2560, height: 1600 })).toEqual({ x: 20, y: 41, width: 202, height: 60 });
  });

  it('measures the scale rather than trusting devicePixelRatio (page zoom, odd ratios)', () => {
    expect(toScreenshotBox({ x: 100, y: 100, width: 100, height: 100 }, viewport, { width: 1600, height: 1000 })).toEqual({ x: 125, y: 125, width: 125, height: 125 });
  });

  it('keeps the part in view and drops a box out of view', () => {
    expect(toScreenshotBox({ x: -50, y: 780, width: 100, height: 100 }, viewport, viewport)).toEqual({ x: 0, y: 780, width: 50, height: 20 });
    expect(toScreenshotBox({ x: 0, y: 900, width: 100, height: 100 }, viewport, viewport)).toBeNull();
    expect(toScreenshotBox({ x: 10, y: 10, width: 0.4, height: 10 }, viewport, viewport)).toBeNull();
    expect(toScreenshotBox({ x: 10, y: 10, width: 10, height: 10 }, { width: 0, height: 0 }, viewport)).toBeNull();
  });
});

describe('toMaskBox', () => {
  it('rounds inwards, so a field’s border stays', () => {
    expect(toMaskBox({ x: 10.25, y: 20.5, width: 100.5, height: 30 }, viewport, { width: 2560, height: 1600 })).toEqual({ x: 21, y: 41, width: 200, height: 60 });
  });
});
