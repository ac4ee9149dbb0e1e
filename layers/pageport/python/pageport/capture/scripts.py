"""The small scripts the capture runs in the page (the DOM walker has its own file)."""

# Scrolls through the page (lazy images, infinite sections, reveal-on-scroll), then returns to
# the top with behavior 'instant' (scroll-behavior: smooth would animate) and waits until
# scrollY has settled at 0 for two frames, so boxes are not read mid-animation.
SCROLL_JS = """
async ({ maxHeight, maxMs }) => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const to = (y) => window.scrollTo({ top: y, left: 0, behavior: 'instant' });
  const se = document.scrollingElement || document.documentElement;
  const height = () => Math.min(maxHeight,
    Math.max(se.scrollHeight, document.body ? document.body.scrollHeight : 0));
  const vh = window.innerHeight;
  const start = performance.now();
  let y = 0;
  let steps = 0;
  while (y + vh < height() && performance.now() - start < maxMs) {
    y = Math.min(y + vh, height() - vh);
    to(y);
    await frame(); // intersection observers (and native lazy loading) run in this frame
    steps++;
  }
  to(0);
  let still = 0;
  for (let i = 0; i < 600 && still < 2; i++) {
    await frame();
    if (window.scrollY === 0 && window.scrollX === 0) still++; else { still = 0; to(0); }
  }
  return { steps, timedOut: performance.now() - start >= maxMs, scrollY: window.scrollY };
}
"""

# Fonts and images finished (or given up on) before measuring.
SETTLE_JS = """
async (maxMs) => {
  const limit = new Promise((r) => setTimeout(() => r('timeout'), maxMs));
  const imgs = [...document.images].filter((i) => !i.complete)
    .map((i) => new Promise((r) => { i.addEventListener('load', r, { once: true });
                                     i.addEventListener('error', r, { once: true }); }));
  return Promise.race([Promise.all([document.fonts.ready, ...imgs]).then(() => 'ok'), limit]);
}
"""

# Asset bytes the page did not load itself (blob: URLs, evicted bodies), fetched by the page
# so the browser's egress path applies. Returns data: URLs.
FETCH_JS = """
async ({ urls, cap }) => Promise.all(urls.map(async (u) => {
  try {
    const r = await fetch(u, { credentials: 'include' });
    if (!r.ok) return { error: `HTTP ${r.status}` };
    const b = await r.blob();
    if (b.size > cap) return { tooBig: b.size };
    const data = await new Promise((res, rej) => {
      const fr = new FileReader(); fr.onload = () => res(fr.result); fr.onerror = rej;
      fr.readAsDataURL(b);
    });
    return { data, mime: r.headers.get('content-type') };
  } catch (e) { return { error: 'network error' }; }
}))
"""
