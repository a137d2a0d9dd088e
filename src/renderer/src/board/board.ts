/**
 * The Pixi board renderer every family's views share: a rows x cols grid of tile faces with
 * zoom and pan, and overlays (cursor, selection, drop target, bad joins, lock badges).
 *
 * - Faces are named by a string key; each distinct key is drawn ONCE into a texture (through the
 *   family's FaceDrawer, rendered with generateTexture, mipmapped) shared by every sprite showing
 *   it. A rotation is a sprite rotation, so a piece has one texture whatever its rotation.
 * - Rendering is on demand (no ticker): a change schedules one frame.
 * - The marks that follow the pointer and the keys (cursor, selection, drop target, focus, the side
 *   under the pointer) are drawn on a 2D canvas above the WebGL one. Moving them repaints that
 *   layer alone: the tiles are not rendered again. Without a GPU (SwiftShader) a WebGL frame of a
 *   16x16 board costs 50-170 ms, which made every drop-target change while dragging a dropped frame.
 * - Pointer handling is NOT done here: views hit-test with the pure functions of layout.ts
 *   against `handle.view()`, so the same code serves mouse, keyboard and tests.
 *
 * - Its parts: board-types.ts (what views pass and get), marks-layer.ts (the 2D layer),
 *   scene-marks.ts (joins and locks in the scene), renderer-choice.ts (WebGL or canvas).
 *
 * Use from a Svelte component through an attachment: `{@attach (el) => { const b = createBoard(el, opts); return () => b.destroy(); }}`.
 */
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Rectangle, Sprite, type Renderer, type Texture } from 'pixi.js';
import { clampView, fitView, panBy as panView, revealCell, zoomAt, type Grid, type View } from './layout';
import { slotColor } from './painter';
import type { BoardCell, BoardHandle, BoardMarks, BoardOptions } from './board-types';
import { CELL, FRAME_MARGIN } from './board-style';
import { drawMarksLayer } from './marks-layer';
import { pixiPainter } from './pixi-painter';
import { defaultRenderer } from './renderer-choice';
import { drawSceneMarks, sceneMarksChanged } from './scene-marks';

export type { BoardCell, BoardHandle, BoardMarks, BoardOptions, JoinMark } from './board-types';
export { CELL } from './board-style';
export { defaultRenderer } from './renderer-choice';

export function createBoard(host: HTMLElement, opts: BoardOptions): BoardHandle {
  const texSize = opts.textureSize ?? 128;
  const grid: Grid = { rows: opts.rows, cols: opts.cols, cell: CELL };
  let view: View = { zoom: 1, x: 0, y: 0 };
  let autoFit = true;
  let destroyed = false;
  let app: Application | null = null;
  let cells: readonly (BoardCell | null)[] = [];
  let marks: BoardMarks = {};
  const textures = new Map<string, Texture>();
  let sprites: (Sprite | null)[] = [];
  let shown: (BoardCell | null)[] = [];
  let frame = 0;
  let tilesDirty = false;
  let marksDirty = false;

  const world = new Container();
  const slots = new Graphics();
  const tiles = new Container();
  const previewLayer = new Container();
  const overlay = new Graphics();
  world.addChild(slots, tiles, previewLayer, overlay);
  let faceGraphics: Graphics | null = null;

  const size = (): { width: number; height: number } => ({ width: Math.max(1, host.clientWidth), height: Math.max(1, host.clientHeight) });

  // The pointer's layer: a 2D canvas over the WebGL one, same size, never hit.
  const marksCanvas = document.createElement('canvas');
  marksCanvas.setAttribute('aria-hidden', 'true');
  marksCanvas.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;';
  host.appendChild(marksCanvas);
  const marksCtx = marksCanvas.getContext('2d');
  const dpr = (): number => Math.min(2, window.devicePixelRatio || 1);
  const sizeMarks = (): void => {
    const { width, height } = size();
    const r = dpr();
    marksCanvas.width = Math.round(width * r);
    marksCanvas.height = Math.round(height * r);
    marksDirty = true;
  };

  /** `tiles`: the WebGL scene changed; `marks`: the pointer's layer did. One frame draws both. */
  const schedule = (what: 'tiles' | 'marks' | 'both' = 'both'): void => {
    if (what !== 'marks') tilesDirty = true;
    if (what !== 'tiles') marksDirty = true;
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (!app || destroyed) return;
      if (tilesDirty) app.renderer.render(app.stage);
      if (marksDirty) drawMarks();
      tilesDirty = false;
      marksDirty = false;
    });
  };

  const textureFor = (face: string): Texture | null => {
    if (!app) return null;
    let t = textures.get(face);
    if (t) return t;
    faceGraphics ??= new Graphics();
    faceGraphics.clear();
    opts.drawFace(pixiPainter(faceGraphics), face, texSize);
    t = (app.renderer as Renderer).generateTexture({
      target: faceGraphics,
      frame: new Rectangle(0, 0, texSize, texSize),
      resolution: 1,
      antialias: true,
      textureSourceOptions: { autoGenerateMipmaps: true, scaleMode: 'linear' },
    });
    textures.set(face, t);
    return t;
  };

  const drawSlots = (): void => {
    slots.clear();
    const { rows, cols } = grid;
    const color = opts.slotColor ?? slotColor;
    const pad = FRAME_MARGIN;
    slots.roundRect(-pad, -pad, cols * CELL + 2 * pad, rows * CELL + 2 * pad, CELL * 0.12).fill({ color: 0x17181c });
    slots.roundRect(-pad, -pad, cols * CELL + 2 * pad, rows * CELL + 2 * pad, CELL * 0.12).stroke({ width: 1.5, color: 0x34363d });
    const inset = CELL * 0.04;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        slots.rect(c * CELL + inset, r * CELL + inset, CELL - 2 * inset, CELL - 2 * inset).fill({ color: color(r, c, rows, cols) });
      }
    }
  };

  const syncSprites = (): void => {
    if (!app) return;
    const n = grid.rows * grid.cols;
    if (sprites.length !== n) {
      for (const s of sprites) s?.destroy();
      sprites = new Array<Sprite | null>(n).fill(null);
      shown = new Array<BoardCell | null>(n).fill(null);
      tiles.removeChildren();
    }
    const scale = CELL / texSize;
    for (let i = 0; i < n; i++) {
      const want = i === marks.hidden ? null : (cells[i] ?? null);
      const have = shown[i];
      if (want === have || (want && have && want.face === have.face && want.rotation === have.rotation && (want.alpha ?? 1) === (have.alpha ?? 1))) continue;
      shown[i] = want;
      let s = sprites[i];
      if (!want) {
        if (s) s.visible = false;
        continue;
      }
      const tex = textureFor(want.face);
      if (!tex) continue;
      if (!s) {
        s = new Sprite(tex);
        s.anchor.set(0.5);
        s.scale.set(scale);
        s.position.set((i % grid.cols) * CELL + CELL / 2, Math.floor(i / grid.cols) * CELL + CELL / 2);
        sprites[i] = s;
        tiles.addChild(s);
      } else if (s.texture !== tex) s.texture = tex;
      s.visible = true;
      s.rotation = ((want.rotation & 3) * Math.PI) / 2;
      s.alpha = want.alpha ?? 1;
    }
  };

  const drawPreview = (): void => {
    for (const c of previewLayer.removeChildren()) c.destroy();
    const p = marks.preview;
    if (!p || !app || p.cell < 0 || p.cell >= grid.rows * grid.cols) return;
    const tex = textureFor(p.face);
    if (!tex) return;
    const s = new Sprite(tex);
    s.anchor.set(0.5);
    s.scale.set((CELL / texSize) * 0.86);
    s.position.set((p.cell % grid.cols) * CELL + CELL / 2, Math.floor(p.cell / grid.cols) * CELL + CELL / 2);
    s.rotation = ((p.rotation & 3) * Math.PI) / 2;
    s.alpha = 0.82;
    previewLayer.addChild(s);
  };

  /** Marks that change with the board (mismatched joins, lock badges): part of the WebGL scene. */
  const drawOverlay = (): void => drawSceneMarks(overlay, grid, view.zoom, marks);

  /** The pointer's and the keys' marks, on the 2D layer. */
  const drawMarks = (): void => {
    if (marksCtx) drawMarksLayer(marksCtx, marksCanvas.width, marksCanvas.height, dpr(), grid, view, marks);
  };

  const applyView = (notify = true): void => {
    world.scale.set(view.zoom);
    world.position.set(view.x, view.y);
    drawOverlay();
    schedule();
    if (notify) opts.onViewChange?.(view);
  };

  const setViewInternal = (v: View, manual: boolean): void => {
    const { width, height } = size();
    view = clampView(grid, v, width, height);
    if (manual) autoFit = false;
    applyView();
  };

  const fit = (): void => {
    const { width, height } = size();
    autoFit = true;
    view = fitView(grid, width, height, 16, 3, FRAME_MARGIN + 2);
    applyView();
  };

  const ro = new ResizeObserver(() => {
    if (!app || destroyed) return;
    const { width, height } = size();
    app.renderer.resize(width, height);
    sizeMarks();
    if (autoFit) fit();
    else setViewInternal(view, false);
  });

  const ready = (async (): Promise<boolean> => {
    const a = new Application();
    try {
      const { width, height } = size();
      await a.init({
        width,
        height,
        background: opts.background ?? 0x141518,
        antialias: true,
        autoStart: false,
        autoDensity: true,
        resolution: Math.min(2, window.devicePixelRatio || 1),
        preference: opts.preference ?? defaultRenderer(),
        eventFeatures: { move: false, globalMove: false, click: false, wheel: false },
      });
    } catch (e) {
      opts.onReady?.({ error: (e as Error).message || String(e) });
      try {
        a.destroy();
      } catch {
        // Half-initialised: nothing more to free.
      }
      return false;
    }
    if (destroyed) {
      a.destroy({ removeView: true }, { children: true, texture: true, textureSource: true });
      return false;
    }
    a.ticker?.stop();
    a.stage.eventMode = 'none';
    a.stage.addChild(world);
    a.canvas.style.display = 'block';
    a.canvas.setAttribute('aria-hidden', 'true');
    host.insertBefore(a.canvas, marksCanvas);
    app = a;
    sizeMarks();
    drawSlots();
    syncSprites();
    drawPreview();
    ro.observe(host);
    fit();
    opts.onReady?.({ renderer: a.renderer.name });
    return true;
  })();

  return {
    grid,
    ready,
    view: () => view,
    setView: (v) => setViewInternal(v, true),
    fit,
    zoomBy(factor, sx, sy) {
      const { width, height } = size();
      setViewInternal(zoomAt(view, factor, sx ?? width / 2, sy ?? height / 2), true);
    },
    panBy(dx, dy) {
      setViewInternal(panView(view, dx, dy), true);
    },
    reveal(cell) {
      if (cell < 0 || cell >= grid.rows * grid.cols) return;
      const { width, height } = size();
      const v = revealCell(grid, view, Math.floor(cell / grid.cols), cell % grid.cols, width, height);
      if (v !== view) setViewInternal(v, true);
    },
    size,
    setGrid(rows, cols) {
      if (rows === grid.rows && cols === grid.cols) return;
      grid.rows = rows;
      grid.cols = cols;
      cells = [];
      for (const sp of sprites) sp?.destroy();
      sprites = [];
      shown = [];
      tiles.removeChildren();
      if (!app) return;
      drawSlots();
      syncSprites();
      fit();
    },
    setCells(next) {
      cells = next;
      if (!app) return;
      syncSprites();
      schedule('tiles');
    },
    setMarks(next) {
      const hiddenChanged = next.hidden !== marks.hidden;
      const previewChanged =
        next.preview?.cell !== marks.preview?.cell || next.preview?.face !== marks.preview?.face || next.preview?.rotation !== marks.preview?.rotation;
      const sceneChanged = sceneMarksChanged(next, marks);
      marks = next;
      if (!app) return;
      if (hiddenChanged) syncSprites();
      if (previewChanged) drawPreview();
      if (sceneChanged) drawOverlay();
      // The WebGL scene is rendered again only when something in it changed.
      schedule(hiddenChanged || previewChanged || sceneChanged ? 'both' : 'marks');
    },
    clearTextures() {
      for (const t of textures.values()) t.destroy(true);
      textures.clear();
      shown = shown.map(() => null);
      syncSprites();
      drawPreview();
      schedule('tiles');
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      ro.disconnect();
      marksCanvas.remove();
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
      if (app) {
        const a = app;
        app = null;
        for (const t of textures.values()) t.destroy(true);
        textures.clear();
        faceGraphics?.destroy();
        a.destroy({ removeView: true }, { children: true });
      }
    },
  };
}
