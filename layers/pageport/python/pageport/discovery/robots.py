"""robots.txt per RFC 9309, for one product token.

Why not `urllib.robotparser`: it applies the first rule that matches in file order, not the
longest match (so `Disallow: /shop` before `Allow: /shop/public` blocks `/shop/public`), it
does not understand the `*` and `$` wildcards, it does not merge several groups naming the
same agent, and it treats 401/403 as "disallow everything" where RFC 9309 says any 4xx means
"no rules". Matching the RFC takes a few dozen lines, so it is done here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pageport.discovery.urls import normalize_escapes

ROBOTS_AGENT = "PageportBot"


@dataclass(frozen=True)
class _Rule:
    allow: bool
    length: int  # octets of the pattern: the longest matching pattern wins
    regex: re.Pattern[str]


def _compile(pattern: str) -> re.Pattern[str]:
    anchored = pattern.endswith("$")
    body = pattern[:-1] if anchored else pattern
    regex = ".*".join(re.escape(piece) for piece in body.split("*"))
    return re.compile(regex + (r"\Z" if anchored else ""), re.DOTALL)


@dataclass(frozen=True)
class RobotsRules:
    """The rules that apply to our agent on one origin, and the sitemaps the file names."""

    rules: tuple[_Rule, ...] = ()
    sitemaps: tuple[str, ...] = ()
    disallow_everything: bool = False

    @classmethod
    def allow_all(cls) -> RobotsRules:
        return cls()

    @classmethod
    def disallow_all(cls) -> RobotsRules:
        return cls(disallow_everything=True)

    def allows(self, path_and_query: str) -> bool:
        """Longest matching pattern wins; on a tie Allow wins; no match means allowed."""
        if path_and_query == "/robots.txt":
            return True
        if self.disallow_everything:
            return False
        target = normalize_escapes(path_and_query)
        best: _Rule | None = None
        for rule in self.rules:
            if rule.regex.match(target) and (
                best is None or rule.length > best.length or (rule.length == best.length and rule.allow)
            ):
                best = rule
        return best is None or best.allow


@dataclass
class _Group:
    agents: list[str] = field(default_factory=list)
    rules: list[_Rule] = field(default_factory=list)


def _agent_matches(value: str, token: str) -> bool:
    # "PageportBot/1.0" or "pageportbot" both name us; RFC 9309 says case-insensitive.
    name = re.split(r"[/\s]", value.strip(), maxsplit=1)[0]
    return name.lower() == token.lower()


def parse_robots(text: str, token: str = ROBOTS_AGENT) -> RobotsRules:
    """Rules of every group naming `token` (merged); else of every `*` group; else none."""
    groups: list[_Group] = []
    current: _Group | None = None
    sitemaps: list[str] = []
    for raw_line in text.lstrip("\ufeff").splitlines():
        key, sep, value = raw_line.split("#", 1)[0].partition(":")
        if not sep:
            continue
        key, value = key.strip().lower(), value.strip()
        if key == "user-agent":
            if current is None or current.rules:
                current = _Group()
                groups.append(current)
            current.agents.append(value)
        elif key in ("allow", "disallow"):
            if current is None or not value:  # rules before any user-agent; empty = no rule
                continue
            pattern = normalize_escapes(value)
            current.rules.append(_Rule(key == "allow", len(pattern.encode()), _compile(pattern)))
        elif key == "sitemap" and value:
            sitemaps.append(value)
    ours = [g for g in groups if any(_agent_matches(a, token) for a in g.agents)]
    if not ours:
        ours = [g for g in groups if any(a.strip() == "*" for a in g.agents)]
    rules = tuple(rule for group in ours for rule in group.rules)
    return RobotsRules(rules=rules, sitemaps=tuple(sitemaps))
