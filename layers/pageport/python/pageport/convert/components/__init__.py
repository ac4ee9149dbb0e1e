"""Components: repeated layers (cards, list items, nav links, buttons) as one main component
with instances. `signature` finds the repeats, `fit` checks that an instance can be each of
them without moving a layer, `build` makes the main, the instances and their overrides."""
