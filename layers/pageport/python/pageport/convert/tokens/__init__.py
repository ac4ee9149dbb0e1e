"""Design tokens read off a converted page: its colours, type styles, radii, spacing steps and
shadows, named as a designer would (from the page's CSS custom properties where a value came
from one, else by role and ramp), for the "tokens" pass to emit and bind (passes/tokens.py)."""
