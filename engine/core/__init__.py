"""The engine's core: its value types (state, commands, events), editions and boards, the rule
options and rulesets, the registries the rule areas fill in, and the protocol they are written against
(`live`). Everything else in the engine is built on these; they import nothing above them."""
