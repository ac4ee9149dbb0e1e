"""Motion settled before the capture reads the page: CSS animations and transitions, videos
and script-drawn canvases, so the walk and the screenshot show one still, final frame.

- CSS animations and transitions (``document.getAnimations()`` of the document, its open
  shadow roots and same-origin frames): finite ones are ``finish()``ed (their end state, as
  the page looks once they are over); infinite ones are frozen at the start of their first
  iteration (``currentTime`` = their delay, playback rate 0): the frame the page shows as it
  loads, the same on every capture, named in a warning. Finishing one can start another
  (``animationend`` handlers, classes added by reveal-on-scroll scripts during the capture's
  scroll), so the pass repeats, two frames apart, until nothing new starts. Scroll-driven
  animations are left alone: the page is at its top, their state there is the right one.
- Videos are paused; one without a poster is shown at its first frame (loaded and seeked to
  0, within the time limit), which the screenshot then holds (see ``snapshots``).
- Canvases drawn by script (charts that animate in with ``requestAnimationFrame``) are
  sampled until their pixels have not changed for ``motion_quiet_ms``, or the limit passes
  (then captured as they are, with a warning).

A static page pays one scan of its animations and no waiting; canvases are watched from the
end of navigation, so one that was drawn once is quiet by the time the capture asks.
"""

from __future__ import annotations

from playwright.sync_api import Page

from pageport.capture.contract import CaptureLimits, Deadline

# The document, its open shadow roots and same-origin frames (each has its own animations).
_ROOTS_JS = """
  const roots = () => {
    const out = [];
    const visit = (root) => {
      out.push(root);
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        if (el.localName === 'iframe') {
          let doc = null;
          try { doc = el.contentDocument; } catch (e) { doc = null; }
          if (doc && doc.documentElement) visit(doc);
        }
      }
    };
    visit(document);
    return out;
  };
"""

ANIMATIONS_JS = (
    """
async ({ maxMs }) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
"""
    + _ROOTS_JS
    + """
  const handled = new WeakSet();
  const frozen = [];
  let finished = 0;
  const settle = (a) => {
    if (handled.has(a)) return false;
    handled.add(a);
    // Scroll-driven animations have no document timeline; at the page top they are right.
    if (!a.effect || !a.timeline || a.timeline.constructor.name !== 'DocumentTimeline') return false;
    if (a.playState === 'finished' || a.playState === 'idle') return false;
    const end = a.effect.getComputedTiming().endTime;
    try {
      if (Number.isFinite(end)) { a.finish(); finished++; return true; }
      // Rate 0 (not pause()): Playwright's screenshot animations='disabled' leaves these be.
      a.playbackRate = 0;
      a.currentTime = Math.max(0, a.effect.getTiming().delay || 0);
      frozen.push(a.animationName || a.transitionProperty || a.id || 'script animation');
    } catch (e) { /* finish() refuses a zero playback rate: leave it as it is */ }
    return true;
  };
  const start = performance.now();
  let timedOut = false;
  for (;;) {
    let acted = false;
    for (const root of roots()) for (const a of root.getAnimations()) acted = settle(a) || acted;
    if (!acted) break;
    if (performance.now() - start > maxMs) { timedOut = true; break; }
    await frame(); await frame(); // end events run; what they start is in the next scan
  }
  return { finished, frozen: [...new Set(frozen)], timedOut };
}
"""
)

# Pause every video; bring one without a poster to its first frame (its bytes are loaded only
# when it has none yet: preload="none" videos stay empty if they do not load in time).
VIDEOS_JS = """
async ({ maxMs }) => {
  const videos = [...document.querySelectorAll('video')];
  const waits = [];
  const once = (v, ev) => new Promise((r) => {
    v.addEventListener(ev, r, { once: true }); v.addEventListener('error', r, { once: true });
  });
  for (const v of videos) {
    try { v.pause(); } catch (e) { /* not playable */ }
    if (v.poster) continue;
    if (v.readyState < 2) {
      if (v.preload === 'none') v.preload = 'auto';
      const w = once(v, 'loadeddata');
      if (v.networkState === 0 || v.networkState === 3) v.load(); // empty or no source yet
      waits.push(w.then(() => { if (v.currentTime !== 0) { v.currentTime = 0; return once(v, 'seeked'); } }));
    } else if (v.currentTime !== 0) {
      const w = once(v, 'seeked'); v.currentTime = 0; waits.push(w);
    }
  }
  if (!waits.length) return { missing: 0 };
  const limit = new Promise((r) => setTimeout(r, maxMs));
  await Promise.race([Promise.all(waits), limit]);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))); // painted
  const missing = videos.filter((v) => !v.poster && v.readyState < 2).length;
  return { missing };
}
"""

# Samples every visible canvas every intervalMs, noting when its pixels last changed. Started
# right after navigation, so a canvas that stopped changing during the scroll and the network
# wait has already been quiet long enough when the capture asks. Big canvases are compared
# downscaled (an animating chart changes far more than one pixel).
WATCH_CANVASES_JS = (
    """
({ intervalMs, maxPixels }) => {
  const key = Symbol.for('pageport.canvasWatch');
  if (window[key]) return;
"""
    + _ROOTS_JS
    + """
  const scratch = document.createElement('canvas');
  const ctx = scratch.getContext('2d', { willReadFrequently: true });
  const sample = (c) => {
    const s = Math.min(1, Math.sqrt(maxPixels / (c.width * c.height)));
    const w = Math.max(1, Math.round(c.width * s)); const h = Math.max(1, Math.round(c.height * s));
    scratch.width = w; scratch.height = h; // also clears it
    try {
      ctx.drawImage(c, 0, 0, w, h);
      return new Uint32Array(ctx.getImageData(0, 0, w, h).data.buffer);
    } catch (e) { return null; } // tainted by cross-origin pixels: cannot be read
  };
  const same = (a, b) => {
    if (!a || !b || a.length !== b.length) return a === b;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  const seen = new Map(); // canvas -> { last, since }
  let scopes = null; let ticks = 0;
  const tick = (fresh) => {
    const now = performance.now();
    // Finding shadow roots and frames visits every element: every 8th tick, not every tick.
    if (fresh || !scopes || ticks++ % 8 === 0) scopes = roots();
    for (const root of scopes) {
      for (const c of root.querySelectorAll('canvas')) {
        if (!c.width || !c.height || !c.getClientRects().length) continue;
        const px = sample(c);
        const s = seen.get(c);
        if (!s) seen.set(c, { last: px, since: now });
        else if (!same(px, s.last)) { s.last = px; s.since = now; }
      }
    }
    return now;
  };
  const timer = setInterval(tick, intervalMs);
  setTimeout(tick, 0); // not in this call: the capture goes on scrolling meanwhile
  // Waits until every canvas has kept its pixels for quietMs, or maxMs; then stops watching.
  const settled = async ({ maxMs, quietMs }) => {
    const start = performance.now();
    for (let i = 0; ; i++) {
      const now = tick(i === 0);
      const moving = [...seen].filter(([, s]) => now - s.since < quietMs).map(([c]) => c);
      if (!moving.length || now - start >= maxMs) {
        clearInterval(timer);
        return { moving: moving.map((c) => (c.id ? `#${c.id}` : `${c.width}x${c.height}`)),
          waitedMs: Math.round(now - start) };
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  };
  Object.defineProperty(window, key, { value: settled });
}
"""
)

# null when no watcher runs (the page navigated since): then one is started and asked again.
CANVASES_SETTLED_JS = """
(opts) => { const settled = window[Symbol.for('pageport.canvasWatch')];
            return settled ? settled(opts) : null; }
"""


def watch_canvases(page: Page, limits: CaptureLimits) -> None:
    """Start noting when each canvas last changed (call once the page has loaded)."""
    page.evaluate(WATCH_CANVASES_JS, {"intervalMs": max(16, limits.motion_quiet_ms // 4), "maxPixels": 1 << 18})


def settle_motion(page: Page, limits: CaptureLimits, deadline: Deadline, warnings: list[str]) -> None:
    """Finish or freeze animations, stop videos at a still frame and wait (bounded) for
    script-drawn canvases to stop changing; what stays in motion is named in `warnings`."""
    max_ms = min(limits.max_motion_s, deadline.remaining_s()) * 1000
    started = deadline.remaining_s()
    css = page.evaluate(ANIMATIONS_JS, {"maxMs": max_ms})
    if css["frozen"]:
        names = ", ".join(css["frozen"][:5]) + (", ..." if len(css["frozen"]) > 5 else "")
        warnings.append(f"looping animations shown at the start of their first iteration: {names}")
    if css["timedOut"]:
        warnings.append("animations kept starting new ones; captured those running at the time limit")
    videos = page.evaluate(VIDEOS_JS, {"maxMs": _left_ms(max_ms, started, deadline)})
    if videos["missing"]:
        warnings.append(f"{videos['missing']} video(s) without a poster had no frame loaded; captured as they were")
    args = {"maxMs": _left_ms(max_ms, started, deadline), "quietMs": limits.motion_quiet_ms}
    canvases = page.evaluate(CANVASES_SETTLED_JS, args)
    if canvases is None:  # the page navigated since the watch began: watch from now
        watch_canvases(page, limits)
        canvases = page.evaluate(CANVASES_SETTLED_JS, args) or {"moving": []}
    if canvases["moving"]:
        warnings.append(
            f"canvas {', '.join(canvases['moving'][:5])} still changing after {limits.max_motion_s:g} s; "
            "captured as it was"
        )


def _left_ms(max_ms: float, started: float, deadline: Deadline) -> float:
    """What is left of the motion time limit (at least one frame)."""
    return max(20.0, max_ms - (started - deadline.remaining_s()) * 1000)
