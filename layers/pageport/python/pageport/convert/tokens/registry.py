"""The result's token sections, in Figma REST shapes: one variable collection (one mode, or a
Light and a Dark mode for a site design captured in both) with its COLOR and FLOAT variables,
and the text and effect styles (`variableCollections`, `variables`, `styles`), with the aliases
nodes bind them by."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Literal

from pageport.convert.figma import VariableAlias

COLLECTION_ID = "VariableCollectionId:1"
MODE_ID = "1:0"  # the default mode's; a second mode is "1:1"
MODE_NAME = "Default"
# Figma keeps these for alias syntax ({color.primary}) and refuses them in a variable's name.
_RESERVED = re.compile(r"[.{}]")


class TokenSet:
    """Variables and styles in the order they are added (the order Figma lists them)."""

    def __init__(self, collection_name: str, modes: Sequence[str] = (MODE_NAME,)) -> None:
        self.collection_name = collection_name
        self.mode_ids = [mode_id(i) for i in range(len(modes))]
        self.mode_names = list(modes)
        self.variables: dict[str, dict[str, Any]] = {}
        self.styles: dict[str, dict[str, Any]] = {}

    def variable(
        self,
        name: str,
        resolved_type: Literal["COLOR", "FLOAT"],
        value: Any,
        scopes: list[str],
        css_name: str | None = None,
    ) -> str:
        """A variable holding `value` in every mode, or a list of values, one per mode."""
        values = value if isinstance(value, list) else [value] * len(self.mode_ids)
        ident = f"VariableID:1:{len(self.variables) + 1}"
        variable: dict[str, Any] = {
            "id": ident,
            "name": self._free_name(name),
            "resolvedType": resolved_type,
            "valuesByMode": dict(zip(self.mode_ids, values, strict=True)),
            "variableCollectionId": COLLECTION_ID,
            "scopes": scopes,
            "codeSyntax": {"WEB": f"var({css_name})"} if css_name else {},
        }
        self.variables[ident] = variable
        return ident

    def _free_name(self, name: str) -> str:
        """A name Figma takes for a new variable: no reserved character, no empty group, and
        not one the collection already has ("spacing/2_5", "color/brand-2")."""
        clean = "/".join(part.strip() or "_" for part in _RESERVED.sub("_", name).split("/"))
        taken = {v["name"] for v in self.variables.values()}
        candidate, n = clean, 2
        while candidate in taken:
            candidate = f"{clean}-{n}"
            n += 1
        return candidate

    def style(self, name: str, style_type: Literal["TEXT", "EFFECT"], **value: Any) -> str:
        # Zero-padded: result.json's keys are sorted, and this keeps them in the order added.
        ident = f"S:{len(self.styles) + 1:04d}"
        self.styles[ident] = {"id": ident, "name": name, "styleType": style_type, **value}
        return ident

    def sections(self) -> dict[str, Any]:
        if not self.variables and not self.styles:
            return {}
        collection = {
            "id": COLLECTION_ID,
            "name": self.collection_name,
            "modes": [{"modeId": i, "name": n} for i, n in zip(self.mode_ids, self.mode_names, strict=True)],
            "defaultModeId": MODE_ID,
            "variableIds": list(self.variables),
        }
        return {
            "variableCollections": {COLLECTION_ID: collection} if self.variables else {},
            "variables": self.variables,
            "styles": self.styles,
        }


def mode_id(index: int) -> str:
    return f"1:{index}"


def alias(ident: str) -> VariableAlias:
    return {"type": "VARIABLE_ALIAS", "id": ident}
