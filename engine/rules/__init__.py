"""The rule areas: one module per area of the rules, each registering what it implements.

The areas every edition may use stand here; those only one edition's data names are grouped by the
edition that owns them: `addon` (the 1995 add-on board), `landlords_1904` (Magie's Landlord's Game) and
`finance_1936` (Parker Brothers' Finance). A rule area is written against `engine.core.live.LiveGame` and
imports only the engine's core and other rule areas, never `engine.play.game`.
`engine.rules.areas` imports them all, so that each registers itself.
"""
