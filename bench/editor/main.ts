/**
 * Bench page (issue #4): exposes measurements on `window.bench` for run.ts to call. Never asserts.
 * The photo is served by run.ts at PHOTO_URL (a ~3 MB noise PNG, so it does not compress).
 */
import { Canvas, FabricImage, Rect, Textbox } from 'fabric';
import {
  createEditor,
  type Editor,
  type ObjectData,
  type PosterDocument,
} from '../../packages/canvas-engine/src/index';

const PHOTO_URL = '/media/bench/photo.png';

function makeObjects(count: number, width: number, height: number): ObjectData[] {
  const out: ObjectData[] = [];
  for (let i = 0; i < count; i++) {
    const left = 30 + ((i * 37) % (width - 60));
    const top = 30 + ((i * 53) % (height - 60));
    const fill = `hsl(${(i * 29) % 360} 70% 55%)`;
    if (i % 3 === 0)
      out.push({
        type: 'Textbox',
        id: `t${i}`,
        name: 'text',
        text: `Text ${i}`,
        left,
        top,
        width: 120,
        fontSize: 18,
        fill,
      });
    else if (i % 3 === 1)
      out.push({
        type: 'Rect',
        id: `r${i}`,
        name: 'rect',
        left,
        top,
        width: 40,
        height: 30,
        fill,
        angle: i % 45,
      });
    else out.push({ type: 'Circle', id: `c${i}`, name: 'circle', left, top, radius: 16, fill });
  }
  return out;
}

function doc(objects: ObjectData[], width = 900, height = 1200): PosterDocument {
  return { schemaVersion: 2, width, height, background: { type: 'color', color: '#ffffff' }, objects };
}

let editor: Editor | null = null;
async function freshEditor(): Promise<Editor> {
  if (editor) await editor.dispose();
  const old = document.getElementById('stage');
  const el = document.createElement('canvas');
  el.id = 'stage';
  (old?.parentElement ?? document.body).replaceChild(el, old!);
  editor = createEditor({ canvasElement: el, width: 900, height: 1200 });
  return editor;
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));

const bench = {
  /** Loads 300 objects and selects #150; returns its centre in page pixels for the mouse drag. */
  async prepareDrag(): Promise<{ x: number; y: number }> {
    const e = await freshEditor();
    await e.load(doc(makeObjects(300, 900, 1200)));
    const target = e.canvas.getObjects()[151]!;
    e.canvas.setActiveObject(target);
    e.canvas.requestRenderAll();
    await nextFrame();
    const rect = e.canvas.upperCanvasEl.getBoundingClientRect();
    const c = target.getCenterPoint();
    return { x: rect.left + c.x, y: rect.top + c.y };
  },
  /** Starts recording frame times (rAF intervals) and fabric render durations. */
  startFrames(): void {
    const e = editor!;
    const w = window as unknown as { __frames: number[]; __renders: number[]; __stop: boolean };
    w.__frames = [];
    w.__renders = [];
    w.__stop = false;
    let start = 0;
    e.canvas.on('before:render', () => (start = performance.now()));
    e.canvas.on('after:render', () => w.__renders.push(performance.now() - start));
    const loop = (t: number) => {
      w.__frames.push(t);
      if (!w.__stop) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  },
  stopFrames(): {
    frames: number;
    avgFrameMs: number;
    p95FrameMs: number;
    fps: number;
    renders: number;
    avgRenderMs: number;
    historySteps: number;
  } {
    const w = window as unknown as { __frames: number[]; __renders: number[]; __stop: boolean };
    w.__stop = true;
    const intervals = w.__frames.slice(1).map((t, i) => t - w.__frames[i]!);
    const avg = intervals.reduce((s, x) => s + x, 0) / intervals.length;
    const sorted = [...intervals].sort((a, b) => a - b);
    const renders = w.__renders;
    return {
      frames: intervals.length,
      avgFrameMs: avg,
      p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      fps: 1000 / avg,
      renders: renders.length,
      avgRenderMs: renders.reduce((s, x) => s + x, 0) / Math.max(1, renders.length),
      historySteps: editor!.history.size,
    };
  },
  /** Time to load (sanitize, migrate, enliven, first render) a 1,000-object document. */
  async load1000(): Promise<{ ms: number; objects: number }> {
    const e = await freshEditor();
    const d = doc(makeObjects(1000, 900, 1200));
    const t0 = performance.now();
    await e.load(d);
    e.canvas.renderAll();
    const ms = performance.now() - t0;
    return { ms, objects: e.canvas.getObjects().length };
  },
  /** Time to export a 3× PNG of 900×1200 (template-like content). */
  async export3x(): Promise<{ ms: number; bytes: number; width: number; height: number }> {
    const e = await freshEditor();
    await e.load(doc(makeObjects(60, 900, 1200)));
    const t0 = performance.now();
    const blob = await e.exportImage({ format: 'png', multiplier: 3 });
    const ms = performance.now() - t0;
    const bmp = await createImageBitmap(blob);
    return { ms, bytes: blob.size, width: bmp.width, height: bmp.height };
  },
  /** 100 history steps with the engine on a document holding the photo (by URL). */
  async historyEngine(step: 'setup' | 'run'): Promise<{ estimatedBytes: number; steps: number }> {
    if (step === 'setup') {
      const e = await freshEditor();
      await e.load(doc([...makeObjects(20, 900, 1200)]));
      await e.run('insert.image', { url: PHOTO_URL });
      await e.load(e.toDocument()); // start with a clean history holding the photo
      return { estimatedBytes: 0, steps: 0 };
    }
    const e = editor!;
    const ids = e.toDocument().objects.map((o) => o.id);
    const photoId = ids[ids.length - 1]!;
    for (let i = 0; i < 100; i++) {
      const id = i % 2 === 0 ? photoId : ids[i % 20]!;
      await e.run('attr.set', {
        ids: [id],
        attrs:
          i % 4 === 0
            ? { left: 100 + i }
            : i % 4 === 1
              ? { angle: i }
              : i % 4 === 2
                ? { opacity: 0.5 + i / 400 }
                : { top: 200 + i },
      });
    }
    return { estimatedBytes: e.history.totalBytes, steps: e.history.size };
  },
  /** The same 100 steps the way vue-fabric-editor records them: JSON.stringify(canvas.toJSON()) per step, photo as data URL. */
  async historySnapshots(step: 'setup' | 'run'): Promise<{ bytes: number; steps: number }> {
    const w = window as unknown as { __snapCanvas?: Canvas; __snaps?: string[] };
    if (step === 'setup') {
      if (editor) await editor.dispose();
      editor = null;
      const blob = await (await fetch(PHOTO_URL)).blob();
      const dataUrl = await new Promise<string>((r) => {
        const fr = new FileReader();
        fr.onload = () => r(fr.result as string);
        fr.readAsDataURL(blob);
      });
      const el = document.createElement('canvas');
      document.body.appendChild(el);
      const c = new Canvas(el, { width: 900, height: 1200 });
      for (let i = 0; i < 20; i++)
        c.add(
          i % 2
            ? new Rect({ left: i * 30, top: 40, width: 40, height: 30, fill: 'red' })
            : new Textbox(`Text ${i}`, { left: i * 30, top: 80, width: 120, fontSize: 18 }),
        );
      c.add(await FabricImage.fromURL(dataUrl));
      w.__snapCanvas = c;
      w.__snaps = [];
      return { bytes: 0, steps: 0 };
    }
    const c = w.__snapCanvas!;
    const objects = c.getObjects();
    for (let i = 0; i < 100; i++) {
      const o = i % 2 === 0 ? objects[20]! : objects[i % 20]!;
      o.set(
        i % 4 === 0
          ? { left: 100 + i }
          : i % 4 === 1
            ? { angle: i }
            : i % 4 === 2
              ? { opacity: 0.5 + i / 400 }
              : { top: 200 + i },
      );
      w.__snaps!.push(JSON.stringify(c.toJSON()));
    }
    return { bytes: w.__snaps!.reduce((s, x) => s + x.length, 0), steps: w.__snaps!.length };
  },
  ready: true,
};

(window as unknown as { bench: typeof bench }).bench = bench;
