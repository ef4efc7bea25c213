import { useEffect, useRef } from 'react';
import type { Editor, EditorState } from '@cc/canvas-engine';

const SIZE = 20;

/** A tick step (design pixels) that keeps labels about 60–150 screen pixels apart. */
export function rulerStep(zoom: number): number {
  const steps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000];
  return steps.find((s) => s * zoom >= 60) ?? 5000;
}

function draw(
  canvas: HTMLCanvasElement,
  length: number,
  offset: number,
  zoom: number,
  vertical: boolean,
  extent: number,
) {
  const dpr = window.devicePixelRatio || 1;
  const w = vertical ? SIZE : length;
  const h = vertical ? length : SIZE;
  canvas.width = w * dpr;
  canvas.height = h * dpr;
  canvas.style.width = `${w}px`;
  canvas.style.height = `${h}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.scale(dpr, dpr);
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(0, 0, w, h);
  // the design's extent in a light brand tint
  ctx.fillStyle = 'rgba(36,104,242,0.08)';
  if (vertical) ctx.fillRect(0, offset, SIZE, extent * zoom);
  else ctx.fillRect(offset, 0, extent * zoom, SIZE);
  ctx.strokeStyle = '#94a3b8';
  ctx.fillStyle = '#475569';
  ctx.font = '10px system-ui, sans-serif';
  ctx.lineWidth = 1;
  const step = rulerStep(zoom);
  const minor = step / 5;
  const start = Math.floor(-offset / zoom / minor) * minor;
  const end = (length - offset) / zoom;
  ctx.beginPath();
  for (let v = start; v <= end; v += minor) {
    const p = Math.round(offset + v * zoom) + 0.5;
    const major = Math.abs(v / step - Math.round(v / step)) < 1e-6;
    const len = major ? SIZE : SIZE / 3;
    if (vertical) {
      ctx.moveTo(SIZE - len, p);
      ctx.lineTo(SIZE, p);
    } else {
      ctx.moveTo(p, SIZE - len);
      ctx.lineTo(p, SIZE);
    }
    if (major) {
      const label = String(Math.round(v));
      if (vertical) {
        ctx.save();
        ctx.translate(9, p + 3);
        ctx.rotate(-Math.PI / 2);
        ctx.fillText(label, 0, 0);
        ctx.restore();
      } else ctx.fillText(label, p + 3, 10);
    }
  }
  ctx.stroke();
  ctx.strokeStyle = '#e2e8f0';
  ctx.beginPath();
  if (vertical) {
    ctx.moveTo(SIZE - 0.5, 0);
    ctx.lineTo(SIZE - 0.5, h);
  } else {
    ctx.moveTo(0, SIZE - 0.5);
    ctx.lineTo(w, SIZE - 0.5);
  }
  ctx.stroke();
}

/** Top and left rulers in design pixels, following zoom and pan (issue #4 "grid: rulers"). */
export function Rulers({ editor, state }: { editor: Editor; state: EditorState }) {
  const top = useRef<HTMLCanvasElement>(null);
  const left = useRef<HTMLCanvasElement>(null);
  const v = editor.canvas.viewportTransform;
  const panX = v[4];
  const panY = v[5];
  useEffect(() => {
    const w = editor.canvas.getWidth();
    const h = editor.canvas.getHeight();
    if (top.current) draw(top.current, w, panX, state.zoom, false, state.size.width);
    if (left.current) draw(left.current, h, panY, state.zoom, true, state.size.height);
  });
  return (
    <>
      <span className="cc-ruler-corner" aria-hidden />
      <canvas ref={top} className="cc-ruler cc-ruler-top" aria-hidden />
      <canvas ref={left} className="cc-ruler cc-ruler-left" aria-hidden />
    </>
  );
}
