"""Rule areas of Parker Brothers' 1936 Finance alone: house-and-lot rents, ownership markers, the bank
buying lots back, the forced move and the special spaces."""
