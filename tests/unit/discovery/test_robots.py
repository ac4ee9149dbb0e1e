"""robots.txt matching (RFC 9309), including where urllib.robotparser differs."""

from __future__ import annotations

import urllib.robotparser

import pytest
from pageport.discovery.robots import RobotsRules, parse_robots

FIRST_MATCH_TRAP = """
User-agent: *
Disallow: /shop
Allow: /shop/public
"""


def test_longest_match_wins_not_first_match() -> None:
    rules = parse_robots(FIRST_MATCH_TRAP)
    assert rules.allows("/shop/public/item")
    assert not rules.allows("/shop/cart")
    assert rules.allows("/about")
    # the stdlib parser applies the first matching line, which is why it is not used
    stdlib = urllib.robotparser.RobotFileParser()
    stdlib.parse(FIRST_MATCH_TRAP.splitlines())
    assert not stdlib.can_fetch("PageportBot", "http://x/shop/public/item")


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/page", False),  # Disallow: /page (5) beats Allow: /p (2)
        ("/p", True),
        ("/folder/", True),  # equal length: Allow wins a tie
        ("/x.gif", False),
        ("/x.gif?v=1", True),  # $ anchors the end
        ("/a/b/secret/c", False),
        ("/%7Ejoe/", False),  # %7E is "~": escapes of unreserved characters are decoded
        ("/caf%C3%A9", False),  # matches the UTF-8 pattern written as "café"
        ("/robots.txt", True),
    ],
)
def test_wildcards_anchors_ties_and_encoding(path: str, allowed: bool) -> None:
    rules = parse_robots(
        "User-agent: *\n"
        "Allow: /p\nDisallow: /page\n"
        "Allow: /folder/\nDisallow: /folder/\n"
        "Disallow: /*.gif$\n"
        "Disallow: /*/secret/\n"
        "Disallow: /~joe/\n"
        "Disallow: /café\n"
        "Disallow: /robots.txt\n"
    )
    assert rules.allows(path) is allowed


def test_our_groups_are_merged_and_beat_star() -> None:
    text = """
    User-agent: *
    Disallow: /

    User-agent: Googlebot
    User-agent: PageportBot/1.0   # product token before the version counts
    Disallow: /a

    user-agent: PAGEPORTBOT
    disallow: /b
    Sitemap: https://example.com/s.xml
    """
    rules = parse_robots(text)
    assert not rules.allows("/a") and not rules.allows("/b/x")
    assert rules.allows("/c")
    assert rules.sitemaps == ("https://example.com/s.xml",)
    assert not parse_robots(text, token="Otherbot").allows("/c")  # falls back to "*"


def test_no_matching_group_and_empty_rules() -> None:
    assert parse_robots("User-agent: Googlebot\nDisallow: /\n").allows("/x")
    assert parse_robots("User-agent: *\nDisallow:\n").allows("/x")
    assert parse_robots("Disallow: /\n").allows("/x")  # a rule outside any group
    assert parse_robots("\ufeffUser-agent: *\nDisallow: /x\n").allows("/x") is False
    assert not RobotsRules.disallow_all().allows("/")
    assert RobotsRules.disallow_all().allows("/robots.txt")
