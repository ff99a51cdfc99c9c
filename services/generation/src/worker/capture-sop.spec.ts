import { highlightShapes } from './capture-sop';

describe('highlightShapes', () => {
  const shot = { index: 0, width: 1000, height: 500, devicePixelRatio: 1 };

  it('outlines the element with room around it and numbers it at its top-left corner', () => {
    const [outline, marker] = highlightShapes({ ...shot, box: { x: 100, y: 100, width: 200, height: 50 } }, 3);
    // Stroke 4 px at 1000 px wide: 8 px of room on each side.
    expect(outline).toEqual({ kind: 'rectangle', rect: { x: 0.092, y: 0.184, width: 0.216, height: 0.132 }, color: 'red' });
    expect(marker).toEqual({ kind: 'marker', at: { x: 0.092, y: 0.184 }, number: 3, color: 'red' });
  });

  it('keeps the outline and the marker inside the picture for an element at its edge', () => {
    const [outline, marker] = highlightShapes({ ...shot, box: { x: 0, y: 0, width: 1000, height: 40 } }, 1);
    expect(outline).toMatchObject({ rect: { x: 0, y: 0, width: 1, height: 0.096 } });
    // Marker radius 14 px plus a 2 px outline: its centre stays 16 px in from each edge.
    expect(marker).toMatchObject({ at: { x: 0.016, y: 0.032 } });
  });

  it('draws nothing without a box, and no marker past 99', () => {
    expect(highlightShapes(shot, 1)).toEqual([]);
    expect(highlightShapes({ ...shot, box: { x: 10, y: 10, width: 10, height: 10 } }, 100).map((shape) => shape.kind)).toEqual(['rectangle']);
  });
});
