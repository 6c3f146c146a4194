"""Rule areas of Magie's 1904 Landlord's Game alone: lots for sale or rent, wages, the money boxes,
franchises, luxuries, loans, the poorhouse, lot tickets and counting up at the end."""
