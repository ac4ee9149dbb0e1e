"""Layer names a designer would give: landmarks, headings, labels, ids, alt text."""

from __future__ import annotations

import re

from pageport.capture.schema import ElementNode, TextNode

_LANDMARK_TAGS = {
    "header": "Header",
    "nav": "Navigation",
    "main": "Main",
    "footer": "Footer",
    "aside": "Aside",
    "section": "Section",
    "article": "Article",
    "form": "Form",
    "button": "Button",
    "a": "Link",
    "img": "Image",
    "picture": "Image",
    "video": "Video",
    "canvas": "Canvas",
    "ul": "List",
    "ol": "List",
    "li": "List item",
    "table": "Table",
    "input": "Input",
    "textarea": "Text area",
    "select": "Select",
    "label": "Label",
    "figure": "Figure",
    "figcaption": "Caption",
    "blockquote": "Quote",
    "iframe": "Embed",
    "svg": "Icon",
    "dialog": "Dialog",
    "details": "Details",
    "summary": "Summary",
    "html": "Page",
    "body": "Body",
    "p": "Paragraph",
    "hr": "Divider",
}
_ROLES = {
    "banner": "Header",
    "navigation": "Navigation",
    "main": "Main",
    "contentinfo": "Footer",
    "complementary": "Aside",
    "region": "Section",
    "button": "Button",
    "link": "Link",
    "dialog": "Dialog",
    "search": "Search",
    "img": "Image",
    "tablist": "Tabs",
    "tab": "Tab",
    "menu": "Menu",
    "menuitem": "Menu item",
    "list": "List",
    "listitem": "List item",
}
_MAX = 48
_HEADINGS = frozenset(f"h{i}" for i in range(1, 7))
_LABELLED_BY_TEXT = ("button", "a", "label", "summary", "li", "figcaption")
# Tags whose name does not come from attributes alone.
_NAMED_TAGS = frozenset(_LANDMARK_TAGS) | _HEADINGS | frozenset(_LABELLED_BY_TEXT) | {"input"}


def clip(text: str, limit: int = _MAX) -> str:
    # Whitespace runs -> one space, ends trimmed (str.split and re's \s agree on whitespace).
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _first_text(el: ElementNode, budget: int = 200) -> str:
    out: list[str] = []
    stack: list[ElementNode | TextNode] = [el]
    while stack and sum(len(s) for s in out) < budget:
        node = stack.pop()
        if isinstance(node, TextNode):
            out.append(node.text)
        else:
            stack.extend(reversed(node.children))
    return clip(" ".join(out))


def element_name(el: ElementNode) -> str:
    """The name a designer would give the element's layer, from what the page says of it: its
    landmark or ARIA role, heading level, label (aria-label, alt, title, the text of a button
    or link), id and classes. "" when the element says nothing of itself (a bare <div>): the
    "names" pass then names the layer by its structure."""
    attrs = el.attrs
    tag = el.tag
    if not attrs and tag not in _NAMED_TAGS:
        return ""
    if tag in _HEADINGS:
        text = _first_text(el)
        return f'{tag.upper()} "{text}"' if text else tag.upper()
    kind = _ROLES.get(attrs.get("role", "")) or class_role(attrs.get("class", "")) or _LANDMARK_TAGS.get(tag)
    label = attrs.get("aria-label") or attrs.get("alt") or attrs.get("title")
    if not label and tag in _LABELLED_BY_TEXT:
        label = _first_text(el)
    if not label and tag == "input" and el.form is not None:
        label = el.form.placeholder or el.form.value or el.form.type or ""
    ident = _words(attrs.get("id", ""))
    if kind and label:
        return f'{kind} "{clip(label)}"'
    if kind and ident and kind in _CONTAINER_KINDS:
        if ident.lower().endswith(kind.lower()):
            return ident  # id="contactForm" -> "Contact form"
        return f"{ident} {kind.lower()}"  # <section id="services"> -> "Services section"
    if kind:
        return kind
    if label:
        return clip(label)
    return ident


# Class names that style rather than say what an element is (Bootstrap's and Tailwind's
# utilities: spacing, display, flex, text, colour, sizing...), so never name a layer.
_UTILITY = re.compile(
    r"""^(?:
        [a-z0-9-]*:.*                                   # Tailwind variants (md:flex, hover:...)
      | [mp][trblxyse]?-(?:n?\d+|auto|px|\[.*\])      # m-0, mt-3, px-4, ms-auto, mb-n1
      | (?:d|flex|justify|justify-content|align|align-items|align-self|align-content|order|float
          |position|overflow|text|fw|fs|fst|font|lh|bg|border|rounded|shadow|w|h|mw|mh|vw|vh|min
          |max|g|gx|gy|gap|row-cols|offset|z|top|bottom|start|end|translate|opacity|link|ratio
          |display|user|pe|place|items|self|content|space|divide|inset|leading|tracking
          |grid-cols|grid-rows|col-span|row-span|basis|grow|shrink|object|aspect|ring|outline
          |duration|ease|transition|animate|cursor|select|fill|stroke|sr|visually|clearfix
          |sticky|fixed|vstack|hstack|small|lead|mx|my|px|py|was|is|has|js)(?:-.*)?
      | list-(?:none|disc|decimal|unstyled|inline|inside|outside)
      | fa[srbl]?|fa-(?:ul|li|solid|regular|brands|light|thin|duotone|sharp|fw|lg|xs|sm|[0-9]+x|spin|pulse)
      | bi|material-icons(?:-\w+)?|glyphicon|icon
      | (?:hidden|block|inline|inline-block|flex|grid|relative|absolute|static|uppercase
          |lowercase|capitalize|italic|underline|truncate|active|show|fade|collapse|collapsed
          |disabled|visible|invisible|clearfix|container-fluid|img-fluid|shadow|border
          |rounded|small|lead|muted|dark|light|white|black|primary|secondary|ml-auto|mr-auto)
    )$""",
    re.VERBOSE,
)
# Words of class names spelled out as a designer would.
_SPELLED = {
    "btn": "button",
    "img": "image",
    "col": "column",
    "nav": "nav",
    "navbar": "navbar",
    "bg": "background",
    "desc": "description",
    "txt": "text",
    "hdr": "header",
    "ftr": "footer",
    "cta": "CTA",
    "faq": "FAQ",
}
# Breakpoint, size and numbering words left out of a name (col-md-4 -> Column).
_NOISE = frozenset({"xs", "sm", "md", "lg", "xl", "xxl", "2xl", "auto", "fluid"})
_GENERATED = re.compile(r"\d\D+\d|[:\[\]{}]|^[a-z]?\d|\d{3}")
# Landmarks an id names better than the kind alone.
_CONTAINER_KINDS = frozenset({"Section", "Article", "Aside", "Main", "Form", "List", "Figure", "Region"})
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _words(ident: str) -> str:
    """An id or class name as words: "resume-section-content" -> "Resume section content";
    "" for one that looks generated (":r1:", "a1b2c3", "x-7f3a9")."""
    if _GENERATED.search(ident):
        return ""
    words = [w.lower() for w in _WORD.findall(ident) if not w.isdigit()]
    words = [_SPELLED.get(w, w) for w in words if w not in _NOISE]
    if not words:
        return ""
    text = " ".join(words)
    return clip(text[0].upper() + text[1:])


_ICON_CLASS = re.compile(r"^(?:fa|bi|icon|ti|ri|la)-([a-z0-9-]+)$")


def class_role(classes: str) -> str:
    """What the element's first meaningful class says it is ("btn btn-primary" -> "Button",
    "card h-100" -> "Card", "col-md-4" -> "Column"), "" when every class is a utility."""
    for name in classes.split():
        if _UTILITY.match(name):
            continue
        if icon := _ICON_CLASS.match(name):
            return "Icon " + icon.group(1).replace("-", " ")
        if words := _words(name):
            return words
    return ""
