"""Layer names a designer would give: landmarks, headings, labels, ids, alt text."""

from __future__ import annotations

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
    attrs = el.attrs
    tag = el.tag
    if not attrs and tag not in _NAMED_TAGS:
        return tag  # a plain <div>, <span>...: nothing else to name it by
    kind = _ROLES.get(attrs.get("role", "")) or _LANDMARK_TAGS.get(tag)
    if tag in _HEADINGS:
        text = _first_text(el)
        return f"{tag.upper()}: {text}" if text else tag.upper()
    label = attrs.get("aria-label") or attrs.get("alt") or attrs.get("title")
    if not label and tag in _LABELLED_BY_TEXT:
        label = _first_text(el)
    if not label and tag == "input" and el.form is not None:
        label = el.form.placeholder or el.form.value or el.form.type or ""
    ident = attrs.get("id")
    if kind and label:
        return f"{kind}: {clip(label)}"
    if kind and ident:
        return f"{kind} #{ident}"
    if kind:
        return kind
    if label:
        return clip(label)
    if ident:
        return f"#{ident}"
    classes = attrs.get("class", "").split()
    if classes:
        return f"{tag}.{classes[0]}"
    return tag
