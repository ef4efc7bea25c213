import { expect, it } from 'vitest';
import { StaticCanvas, Rect } from 'fabric';

it('renders a rect in Chromium', () => {
  const el = document.createElement('canvas');
  const c = new StaticCanvas(el, { width: 100, height: 100 });
  c.add(new Rect({ left: 10, top: 10, width: 20, height: 20, fill: 'red' }));
  c.renderAll();
  expect(c.toDataURL().startsWith('data:image/png')).toBe(true);
  expect(navigator.userAgent).toMatch(/Chrome/);
});
