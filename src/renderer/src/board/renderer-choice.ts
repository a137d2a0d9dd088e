/** Which Pixi renderer a board uses. */
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
