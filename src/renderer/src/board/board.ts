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
 * Use from a Svelte component through an attachment: `{@attach (el) => { const b = createBoard(el, opts); return () => b.destroy(); }}`.
 */
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Rectangle, Sprite, type Renderer, type Texture } from 'pixi.js';
import { clampView, fitView, panBy as panView, revealCell, zoomAt, type Grid, type View } from './layout';
import { slotColor, type FaceDrawer, type Painter } from './painter';
import { drawJoinMark } from './join-mark';

export interface BoardCell {
  face: string;
  /** Clockwise quarter turns. */
  rotation: number;
  /** Drawn faded (e.g. a preview). */
  alpha?: number;
}

export interface JoinMark {
  row: number;
  col: number;
  /** The join on the right of, or below, the cell. */
  dir: 'right' | 'down';
}

export interface BoardMarks {
  /** The keyboard cursor. */
  cursor?: number | null;
  /** A cell picked up (by keyboard) or otherwise selected. */
  selected?: number | null;
  /** The drop target under a dragged piece; `targetOk` false draws it as refused. */
  target?: number | null;
  targetOk?: boolean;
  /** A cell whose piece is being dragged: drawn as an empty slot. */
  hidden?: number | null;
  /** Cells with a lock badge (fixed pieces, hint cells). */
  locked?: readonly number[];
  /** Joins drawn as mismatched. */
  badJoins?: readonly JoinMark[];
  /** Cells outlined as "looked at" (the cell whose fits are listed). */
  focus?: readonly number[];
  /** One side of one cell highlighted (design: the join under the pointer). */
  side?: { row: number; col: number; side: number } | null;
  /** A face shown faded on a cell (e.g. the piece held by the keyboard, over the cursor). */
  preview?: { cell: number; face: string; rotation: number } | null;
}

export interface BoardOptions {
  rows: number;
  cols: number;
  drawFace: FaceDrawer;
  /** Texture size in pixels (power of two for mipmaps). Default 128. */
  textureSize?: number;
  /** Colour of an empty cell; by default border cells are a shade lighter. */
  slotColor?: (row: number, col: number, rows: number, cols: number) => number;
  background?: number;
  /** Force a renderer ('webgl', 'webgpu', 'canvas'); default: defaultRenderer(). */
  preference?: 'webgl' | 'webgpu' | 'canvas';
  /** Called after every zoom or pan (from any source). */
  onViewChange?: (view: View) => void;
  /** Called once the renderer is up (with its name), or with an error message. */
  onReady?: (info: { renderer: string } | { error: string }) => void;
}

export interface BoardHandle {
  readonly grid: Grid;
  /** Resolves true when the renderer is up, false when it failed or the board was destroyed first. */
  readonly ready: Promise<boolean>;
  view(): View;
  setView(v: View): void;
  /** Show the whole board; views re-fit on resize until the user zooms or pans. */
  fit(): void;
  zoomBy(factor: number, sx?: number, sy?: number): void;
  panBy(dx: number, dy: number): void;
  /** Pan the least needed to show a cell. */
  reveal(cell: number): void;
  /** Host size in CSS pixels. */
  size(): { width: number; height: number };
  setGrid(rows: number, cols: number): void;
  /** One entry per cell, row-major; null = empty. Only changed cells are touched. */
  setCells(cells: readonly (BoardCell | null)[]): void;
  setMarks(marks: BoardMarks): void;
  /** Forget cached textures (e.g. the face drawer's look changed). */
  clearTextures(): void;
  destroy(): void;
}

/** World units per cell. */
export const CELL = 64;
/** The board's frame is drawn this far (world units) around the cells. */
const FRAME_MARGIN = CELL * 0.12;

const ACCENT = 0x6ea8fe;
const WHITE = 0xffffff;
const DARK = 0x0d0e10;
const REFUSED = 0xff7b72;

const css = (rgb: number, alpha = 1): string => `rgba(${(rgb >> 16) & 255},${(rgb >> 8) & 255},${rgb & 255},${alpha})`;

const sameList = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined, same: (x: T, y: T) => boolean = (x, y) => x === y): boolean => {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return (a?.length ?? 0) === 0 && (b?.length ?? 0) === 0;
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false;
  return true;
};
const sameJoin = (x: JoinMark, y: JoinMark): boolean => x.row === y.row && x.col === y.col && x.dir === y.dir;

function pixiPainter(g: Graphics): Painter {
  return {
    poly(points, color, alpha = 1) {
      g.poly(points, true).fill({ color, alpha });
    },
    circle(x, y, r, color, alpha = 1) {
      g.circle(x, y, r).fill({ color, alpha });
    },
    line(points, width, color, alpha = 1) {
      g.moveTo(points[0], points[1]);
      for (let i = 2; i < points.length; i += 2) g.lineTo(points[i], points[i + 1]);
      g.stroke({ width, color, alpha, cap: 'round', join: 'round' });
    },
    ring(x, y, r, width, color, alpha = 1) {
      g.circle(x, y, r).stroke({ width, color, alpha });
    },
  };
}

let softwareGl: boolean | null = null;

/**
 * WebGL, unless WebGL is drawn in software (no GPU or a blocked driver: SwiftShader, llvmpipe),
 * where Pixi's canvas renderer is the faster one: a software WebGL frame has to be read back for
 * compositing and took 50-170 ms for a 16x16 board with two solvers on the cores (bench
 * ui-smoothness), a canvas frame a few ms. `localStorage['workbench.renderer']` ('webgl' or
 * 'canvas') overrides the choice.
 */
export function defaultRenderer(): 'webgl' | 'canvas' {
  try {
    const forced = localStorage.getItem('workbench.renderer');
    if (forced === 'webgl' || forced === 'canvas') return forced;
  } catch {
    // Storage off: decide from the hardware.
  }
  if (softwareGl === null) {
    const gl = document.createElement('canvas').getContext('webgl');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const name = gl ? String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : '';
    softwareGl = !gl || /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
  return softwareGl ? 'canvas' : 'webgl';
}

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
  const drawOverlay = (): void => {
    const g = overlay;
    g.clear();
    const px = 1 / view.zoom; // one screen pixel in world units
    const cols = grid.cols;
    const n = grid.rows * cols;

    // Mismatched joins: the same mark as the PNG export (join-mark.ts).
    const markPainter = pixiPainter(g);
    for (const m of marks.badJoins ?? []) drawJoinMark(markPainter, m.col * CELL, m.row * CELL, m.dir, CELL, px);

    for (const i of marks.locked ?? []) {
      if (i < 0 || i >= n) continue;
      const x = (i % cols) * CELL;
      const y = Math.floor(i / cols) * CELL;
      // A small padlock in the top-left corner.
      const s = Math.max(CELL * 0.2, 11 * px);
      const bx = x + CELL * 0.06;
      const by = y + CELL * 0.06;
      g.roundRect(bx, by, s * 1.25, s * 1.35, s * 0.3).fill({ color: DARK, alpha: 0.82 });
      const lx = bx + s * 0.625;
      g.roundRect(lx - s * 0.38, by + s * 0.58, s * 0.76, s * 0.56, s * 0.1).fill({ color: WHITE });
      g.moveTo(lx - s * 0.24, by + s * 0.58)
        .arc(lx, by + s * 0.58, s * 0.24, Math.PI, 2 * Math.PI)
        .stroke({ width: Math.max(1 * px, s * 0.13), color: WHITE });
    }
  };

  /** The pointer's and the keys' marks, on the 2D layer in world units (the view's transform). */
  const drawMarks = (): void => {
    const g = marksCtx;
    if (!g) return;
    const r = dpr();
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.clearRect(0, 0, marksCanvas.width, marksCanvas.height);
    g.setTransform(r * view.zoom, 0, 0, r * view.zoom, r * view.x, r * view.y);
    const px = 1 / view.zoom;
    const cols = grid.cols;
    const n = grid.rows * cols;
    const cellXY = (i: number): [number, number] => [(i % cols) * CELL, Math.floor(i / cols) * CELL];
    const valid = (i: number | null | undefined): i is number => typeof i === 'number' && i >= 0 && i < n;
    const outline = (x: number, y: number, w: number, h: number, width: number, colour: string): void => {
      g.lineWidth = width;
      g.strokeStyle = colour;
      g.strokeRect(x, y, w, h);
    };

    for (const i of marks.focus ?? []) {
      if (!valid(i)) continue;
      const [x, y] = cellXY(i);
      outline(x + 2 * px, y + 2 * px, CELL - 4 * px, CELL - 4 * px, 2 * px, css(ACCENT, 0.9));
      outline(x + 5 * px, y + 5 * px, CELL - 10 * px, CELL - 10 * px, 1 * px, css(ACCENT, 0.5));
    }

    if (marks.side && marks.side.row >= 0 && marks.side.col >= 0 && marks.side.row < grid.rows && marks.side.col < cols) {
      const { row, col, side } = marks.side;
      const x = col * CELL;
      const y = row * CELL;
      const c = CELL / 2;
      const tri: number[] =
        side === 0
          ? [x, y, x + CELL, y, x + c, y + c]
          : side === 1
            ? [x + CELL, y, x + CELL, y + CELL, x + c, y + c]
            : side === 2
              ? [x + CELL, y + CELL, x, y + CELL, x + c, y + c]
              : [x, y + CELL, x, y, x + c, y + c];
      g.beginPath();
      g.moveTo(tri[0]!, tri[1]!);
      g.lineTo(tri[2]!, tri[3]!);
      g.lineTo(tri[4]!, tri[5]!);
      g.closePath();
      g.fillStyle = css(WHITE, 0.16);
      g.fill();
      g.lineJoin = 'round';
      g.lineWidth = 2 * px;
      g.strokeStyle = css(WHITE, 0.9);
      g.stroke();
    }

    if (valid(marks.target)) {
      const [x, y] = cellXY(marks.target);
      const colour = marks.targetOk !== false ? ACCENT : REFUSED;
      g.fillStyle = css(colour, 0.22);
      g.fillRect(x, y, CELL, CELL);
      outline(x + 1.5 * px, y + 1.5 * px, CELL - 3 * px, CELL - 3 * px, 3 * px, css(colour));
    }

    if (valid(marks.selected)) {
      const [x, y] = cellXY(marks.selected);
      outline(x + 2 * px, y + 2 * px, CELL - 4 * px, CELL - 4 * px, 4 * px, css(ACCENT));
    }

    if (valid(marks.cursor)) {
      const [x, y] = cellXY(marks.cursor);
      // Two-tone outline: readable on any tile colour.
      outline(x + 1 * px, y + 1 * px, CELL - 2 * px, CELL - 2 * px, 3.5 * px, css(DARK));
      outline(x + 1 * px, y + 1 * px, CELL - 2 * px, CELL - 2 * px, 2 * px, css(WHITE));
    }
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
      const sceneChanged = !sameList(next.badJoins, marks.badJoins, sameJoin) || !sameList(next.locked, marks.locked);
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
